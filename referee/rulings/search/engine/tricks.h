/* Part of _engine.c (included there once, in order; not a standalone header):
 * the most tricks the declarer can still win (the points bound). */

/* ---- the most tricks the declarer can still win (for the points bound) ---------- */

/* The points bound depends on how many tricks the defenders surely win (loss_with): the
 * more, the more cards of every hand are surely lost. The trump count of sure_loss is one
 * lower bound on it; the other is exact: n minus the most tricks the declarer can win in
 * any line of play (everyone playing for him), searched here as its own cooperative
 * question. Whatever line reaches a number of points wins at most that many tricks, so
 * the defenders win the rest, each trick taking a card of every hand.
 *
 * Tricks carry no points here, so positions are filed under their canonical form for
 * questions without points (canon_plain, exact for any question about who wins which
 * trick), in a table of their own; one card is tried per run of cards no alive card of
 * another hand separates (points do not matter). */

/* The tricks from `h` (`lead` on lead), those the declarer wins first; `pts` holds 1 for
 * a trick he wins. */
static int w_children(Reach *r, const u32 *h, int lead, Cand *out) {
    Cand lost[MAX_HAND * MAX_HAND * MAX_HAND];
    int nw, nl, fail = 0;
    list_tricks(r->s.g, h, lead, r->d, 0, 0, 0, out, &nw, lost, &nl, &fail);
    memcpy(out + nw, lost, (size_t)nl * sizeof(Cand));
    return nw + nl;
}

/* The table of w_best, made when first asked and small at first (it grows as needed): most
 * questions are settled in a few positions, and zeroing a larger table would cost more. */
static int w_table_init(Table *t) { return table_open(t, 1 << 8); }

static int w_best(Reach *r, const u32 *h0, const unsigned *rk, int lead, int need);

/* w_best past its first checks, from a position that passed them (`top`: its bound, the
 * tricks left less sure_loss's trump count). Apart from w_best so that trick_bound comes
 * in here: its position passed r_best's never_wins, and it asks for at most its own top,
 * which is no more than this one (measured, the checks it skips and the three ranks_of
 * were 3 % of the instructions on the slowest position, schneider 18). */
static int w_node(Reach *r, const u32 *h0, int lead, int need, int top) {
    const Game *g = r->s.g;
    u32 h[3];
    canon_plain(g, h0, h);
    int lo = 0, hi = top;
    if (!r->wt.slots && w_table_init(&r->wt) < 0) return r->s.stop = 2, 0;
    const Entry *hit = table_get(&r->wt, h[0], h[1], h[2], lead);
    if (hit) {
        if (hit->lo > lo) lo = hit->lo;
        if (hit->hi < hi) hi = hit->hi;
        if (lo >= need) return lo;
        if (hi < need) return hi;
    }
    if (!count_node(&r->s)) return 0;
    Cand kids[MAX_HAND * MAX_HAND * MAX_HAND];
    int nk = w_children(r, h, lead, kids);
    /* the ranks of the canonical hands: canon_plain keeps the trump class's order and
     * owners but moves its cards, so they are counted here, once per node */
    unsigned hrk[3] = {ranks_of(g, h[0]), ranks_of(g, h[1]), ranks_of(g, h[2])};
    int s1 = (lead + 1) % 3, s2 = (lead + 2) % 3;
    int fail = 0;
    for (int i = 0; i < nk; i++) {
        const Cand *cd = &kids[i];
        u32 child[3];
        after_trick(h, lead, cd, child);
        unsigned crk[3] = {hrk[0], hrk[1], hrk[2]};
        crk[lead] &= ~(unsigned)g->rank_bit[cd->c0];
        crk[s1] &= ~(unsigned)g->rank_bit[cd->c1];
        crk[s2] &= ~(unsigned)g->rank_bit[cd->c2];
        int v = cd->pts + w_best(r, child, crk, cd->w, need - cd->pts);
        if (r->s.stop) return 0;
        if (v >= need) {
            Entry *e = table_put(&r->wt, h[0], h[1], h[2], lead);
            if (!e) return r->s.stop = 2, 0; /* out of memory */
            if (v > lo) lo = v;
            e->lo = (int8_t)lo;
            e->hi = (int8_t)hi;
            return v;
        }
        if (v > fail) fail = v;
    }
    Entry *e = table_put(&r->wt, h[0], h[1], h[2], lead);
    if (!e) return r->s.stop = 2, 0; /* out of memory */
    e->lo = (int8_t)lo;
    e->hi = (int8_t)(hi < fail ? hi : fail);
    return fail;
}

/* Fail-soft, like r_best: a value >= need: the declarer can win that many more tricks; a
 * value < need bounds the most he can win. Bounded by the tricks left less those the
 * defenders win with trumps he cannot cover one for one (sure_loss's count), and 0 when
 * he never wins a trick again (never_wins). `rk`: each hand's trumps by rank (ranks_of),
 * carried from trick to trick as in r_best. */
static int w_best(Reach *r, const u32 *h0, const unsigned *rk, int lead, int need) {
    const Game *g = r->s.g;
    if (need <= 0) return 0;
    int d = r->d;
    int n = __builtin_popcount(h0[d]);
    if (n < need) return n;
    const TrumpMemo *tp = trump_part(g, r->memo, rk, d, r->d1, r->d2);
    int top = n - (tp ? tp->k : 0);
    if (top < need) return top;
    if (never_wins(g, h0, d, lead)) return 0;
    return w_node(r, h0, lead, need, top);
}

/* The points bound of a position (`tp`: its trump part, `rem`: its points, `n` tricks
 * left, `dead`: the declarer's dead cards, `t`: the defenders' protected cards, NULL if
 * none) when the declarer wins at most `w` more tricks. */
static inline int bound_if(Reach *r, const TrumpMemo *tp, const u32 *h, int rem, int n, int w,
                           u32 dead, const Thrown *t) {
    int k = n - w, kt = tp ? tp->k : 0;
    if (k < kt) k = kt;
    if (t) return rem - loss_thrown(r->s.g, r->lows, tp, h, k, r->d, r->d1, r->d2, dead, t);
    if (dead) return rem - loss_dead(r->s.g, r->lows, tp, h, k, r->d, r->d1, r->d2, dead);
    return rem - loss_with(r->s.g, r->lows, tp, h, k, r->d, r->d1, r->d2);
}

/* A tighter bound than `bound` (>= need), from the declarer's dead cards (counted here,
 * once per position about to be searched, not in every child: measured, that cost more
 * than it saved) and when the tricks the declarer can win are too few: the fewest tricks
 * w at which bound_if reaches `need` is asked of w_best, and if he cannot win them, the
 * bound at the most he can win is returned (< need); else the bound with the dead cards.
 * Not inlined into r_best: measured, r_best with it inlined ran 2-8 % slower per node once
 * the dead cards were added (its machine code is sensitive to its size). */
static __attribute__((noinline)) int trick_bound(Reach *r, const u32 *h, const unsigned *rk,
                                                 int rem, int lead, int need, int bound) {
    int n = __builtin_popcount(h[r->d]);
    /* a copy: the memo's slot may be taken by other holdings while w_best runs (it asks
     * the memo too), and bound_if reads the trump part again after it */
    TrumpMemo tpv;
    const TrumpMemo *tp = trump_part(r->s.g, r->memo, rk, r->d, r->d1, r->d2);
    if (tp) tpv = *tp, tp = &tpv;
    u32 dead = dead_cards(r->s.g, h, r->d, r->d1, r->d2);
    Thrown thv;
    int any = thrown_of(r->s.g, &r->throws, h, lead, r->d, r->d1, r->d2, &thv);
    if (any < 0) return r->s.stop = 2, 0; /* out of memory */
    const Thrown *th = any ? &thv : NULL;
    /* the defenders win at least sure tricks: his trumps' count, his dead cards, each
     * defender's protected cards they surely win */
    int kt = tp ? tp->k : 0, sure = __builtin_popcount(dead);
    if (sure < kt) sure = kt;
    for (int j = 0; th && j < 2; j++) sure = sure > thv.m[j] ? sure : thv.m[j];
    int top = n - sure; /* he wins at most top tricks */
    if (dead || th) {
        int b = bound_if(r, tp, h, rem, n, top, dead, th);
        if (b < bound) bound = b;
        if (bound < need) return bound;
    }
    int w = top;
    while (w > 0 && bound_if(r, tp, h, rem, n, w - 1, dead, th) >= need) w--;
    if (w == 0) return bound;
    /* w <= top <= n - kt, and r_best asked never_wins: w_best's first checks all pass */
    int most = w_node(r, h, lead, w, n - kt);
    if (r->s.stop || most >= w) return bound;
    return bound_if(r, tp, h, rem, n, most, dead, th);
}
