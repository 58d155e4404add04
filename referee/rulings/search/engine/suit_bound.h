/* Part of _engine.c (included there once, in order; not a standalone header):
 * a defender's cards above all of the declarer's in a suit (the points bound). */

/* ---- a defender's cards above all of the declarer's in a suit (for the points bound) */

/* Take a plain suit S in which the declarer holds cards (A) and a defender D holds cards
 * (X), every one of X above every one of A. Let T be the first trick led in S in which
 * the declarer plays a card of A. Before T no trick is led in S at all: he holds cards
 * of A until T and would have to follow with one. So at T either
 * - D still holds a card of X: he must follow with it, it beats the declarer's card, and
 *   the trick is lost: it holds a card of X and one of A (at least the cheapest of each);
 * - or D has none: he has thrown every card of X away in tricks led in other suits, with
 *   no trick led in S before (he "escapes");
 * and if there is no T, the declarer has thrown every card of A away, each in a trick he
 * cannot win. So unless D can escape, the declarer loses at least the cheaper of (the
 * cheapest of X and of A) and (all of A) in that suit. Whether D can escape is a
 * question about who can lead what, searched here (esc_search: every line of play with
 * no trick led in S, until D holds no card of S). The losses of different suits and of
 * the defenders' trumps (trump_loss) are of different cards, so they add up. */

/* canon_plain without the sort of the plain suits: each class's alive cards moved to its
 * strongest places, order and hands kept (exact for every question about who wins which
 * trick, the same argument as canon_plain's); the suits keep their names, which
 * esc_search needs (its suit S). */
static void canon_in_classes(const Game *g, const u32 *h, u32 *out) {
    u64 px = places_of(g, h[0] | h[2]), py = places_of(g, h[1] | h[2]);
    u64 alive = px | py;
    u32 X = 0, Y = 0;
    for (int k = 0; k < 4; k++) {
        unsigned a = (unsigned)(alive >> 8 * k) & 255u;
        X |= g->place_cards[k][COMPRESS[a][(px >> 8 * k) & 255u]];
        Y |= g->place_cards[k][COMPRESS[a][(py >> 8 * k) & 255u]];
    }
    if (g->trumps) {
        unsigned a0 = (unsigned)(alive >> 32) & 255u, a1 = (unsigned)(alive >> 40) & 255u;
        int n0 = __builtin_popcount(a0);
        u32 tx = COMPRESS[a0][(px >> 32) & 255u] | (u32)COMPRESS[a1][(px >> 40) & 255u] << n0;
        u32 ty = COMPRESS[a0][(py >> 32) & 255u] | (u32)COMPRESS[a1][(py >> 40) & 255u] << n0;
        X |= g->place_cards[4][tx & 255u] | g->place_cards[5][tx >> 8];
        Y |= g->place_cards[4][ty & 255u] | g->place_cards[5][ty >> 8];
    }
    out[0] = X & ~Y;
    out[1] = Y & ~X;
    out[2] = X & Y;
}

/* Can D (seat) throw away every card of `smask` (a plain suit) before any trick is led
 * in it? `tag` names the suit and D in the table (with the leader). */
static int esc_search(Reach *r, const u32 *h0, int lead, int k, int D, int tag) {
    const Game *g = r->s.g;
    u32 smask = g->class_mask[k];
    if (!(h0[D] & smask)) return 1;
    /* with no trick led in S, a card of S is only ever thrown away (and never wins): the
     * cards of S in one hand are interchangeable, and so are their places. Each hand's
     * count of them is kept, on the suit's places from the top, hand 0 first. */
    u32 hs[3], h[3];
    int next = 0;
    for (int i = 0; i < 3; i++) {
        int c = __builtin_popcount(h0[i] & smask);
        hs[i] = h0[i] & ~smask;
        for (; c > 0; c--) hs[i] |= 1u << g->order[k][next++];
    }
    canon_in_classes(g, hs, h);
    u32 leads = h[lead] & ~smask;
    if (!leads) return 0;
    const Entry *hit = table_get(&r->et, h[0], h[1], h[2], tag + lead);
    if (hit) return hit->val;
    if (!count_node(&r->s)) return 0;
    int s1 = (lead + 1) % 3, s2 = (lead + 2) % 3;
    u32 alive = h[0] | h[1] | h[2];
    int8_t m0[32], m1[32], m2[32];
    int n0 = moves(g, leads, alive, 0, m0), ok = 0;
    for (int i = 0; i < n0 && !ok; i++) {
        int c0 = m0[i];
        int n1 = moves(g, legal_of(g, h[s1], c0), alive, 0, m1);
        int n2 = moves(g, legal_of(g, h[s2], c0), alive, 0, m2);
        for (int a = 0; a < n1 && !ok; a++) {
            for (int b = 0; b < n2 && !ok; b++) {
                u32 child[3] = {h[0], h[1], h[2]};
                child[lead] &= ~(1u << c0);
                child[s1] &= ~(1u << m1[a]);
                child[s2] &= ~(1u << m2[b]);
                int w = (lead + (g->outcomes[c0 << 10 | m1[a] << 5 | m2[b]] & 3)) % 3;
                ok = esc_search(r, child, w, k, D, tag);
                if (r->s.stop) return 0;
            }
        }
    }
    if (!r->et.slots) return ok;
    Entry *e = table_put(&r->et, h[0], h[1], h[2], tag + lead);
    if (!e) return r->s.stop = 2, 0; /* out of memory */
    e->val = (uint8_t)ok;
    return ok;
}

/* The points bound from the suits where a defender's cards lie above all of the
 * declarer's (see above) and the defenders' trumps: `rem` less what he surely loses;
 * escapes are searched only while the bound could still fall below `need`. */
static int suit_bound(Reach *r, const u32 *h, const unsigned *rk, int rem, int lead, int need) {
    const Game *g = r->s.g;
    int d = r->d;
    const TrumpMemo *tp = trump_part(g, r->memo, rk, d, r->d1, r->d2);
    int base = tp ? tp->loss1 + tp->loss2 : 0;
    int lo[4][2] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}}, most = 0;
    const int seats[2] = {r->d1, r->d2};
    for (int k = 0; k < 4; k++) {
        u32 A = h[d] & g->class_mask[k] & ~g->trumps;
        if (!A) continue;
        int top = -1; /* his strongest card of the suit */
        for (int i = 0; i < g->order_n[k] && top < 0; i++)
            if (bit(A, g->order[k][i])) top = g->order[k][i];
        int pa = points_of(g, A), la = lowest_points(g, A, 1), best = 0;
        for (int j = 0; j < 2; j++) {
            u32 X = h[seats[j]] & g->class_mask[k];
            if (!X || (X & ~g->above[top])) continue;
            int v = lowest_points(g, X, 1) + la;
            lo[k][j] = v < pa ? v : pa;
            if (lo[k][j] > best) best = lo[k][j];
        }
        most += best;
    }
    if (rem - base - most >= need) return rem - base;
    int loss = 0;
    for (int k = 0; k < 4; k++) {
        /* the larger candidate first: one escape that fails settles the suit */
        int first = lo[k][1] > lo[k][0];
        for (int t = 0; t < 2; t++) {
            int j = t ? !first : first;
            if (!lo[k][j]) continue;
            if (!r->et.slots && w_table_init(&r->et) < 0) return r->s.stop = 2, 0;
            int tag = 3 * (1 + k + 4 * j);
            if (!esc_search(r, h, lead, k, seats[j], tag)) {
                loss += lo[k][j];
                break;
            }
            if (r->s.stop) return 0;
        }
        if (r->s.stop) return 0;
    }
    return rem - base - loss;
}

/* Fail-soft: a value >= need is reachable; a value < need bounds the best. */
/* `rk`: each hand's trumps by rank (ranks_of), `rem`: the points of the cards in the
 * hands; both carried from trick to trick rather than counted again in each position. */
static int r_best(Reach *r, const u32 *h0, const unsigned *rk, int rem, int lead, int need) {
    const Game *g = r->s.g;
    if (need <= 0) return 0;
    u32 alive = h0[0] | h0[1] | h0[2];
    if (!alive) return 0;
    /* the bound first: it costs less than a probe of a large table */
    int d = r->d;
    int bound = rem - sure_loss(g, r->memo, r->lows, h0, rk, d, r->d1, r->d2);
    if (bound < need) return bound;
    if (never_wins(g, h0, d, lead)) return 0;
    /* keyed by the hands as they are, not canonical: measured on the hill-climbed
     * positions, renaming each child cost more time than the positions it merged saved */
    const u32 *h = h0;
    int lo = 0, hi = 121;
    const Entry *hit = table_get(&r->s.tt, h[0], h[1], h[2], lead);
    if (hit) {
        lo = hit->lo;
        hi = hit->hi;
        if (lo >= need) return lo;
        if (hi < need) return hi;
    }
    if (bound < hi) hi = bound;
    /* before the position is searched: can the declarer win enough tricks? */
    int tb = trick_bound(r, h, rk, rem, lead, need, hi);
    if (r->s.stop) return 0;
    if (tb >= need) {
        int sb = suit_bound(r, h, rk, rem, lead, need);
        if (r->s.stop) return 0;
        if (sb < tb) tb = sb;
    }
    if (tb < need) {
        Entry *e = table_put(&r->s.tt, h[0], h[1], h[2], lead);
        if (!e) return check_table(&r->s), 0;
        if (tb < e->hi) e->hi = (int8_t)tb;
        return tb;
    }
    if (!count_node(&r->s)) return 0;
    int s1 = (lead + 1) % 3, s2 = (lead + 2) % 3;
    int fail = 0;
    Cand sorted[MAX_HAND * MAX_HAND * MAX_HAND];
    int ns = r_children(r, h, lead, need, rem, sorted, &fail);
    /* every child's table slot fetched at once: the fetches overlap, and the children
     * searched first give the later ones time */
    for (int k = 0; k < ns; k++) {
        const Cand *nx = &sorted[k];
        u32 c[3] = {h[0], h[1], h[2]};
        c[lead] &= ~(1u << nx->c0);
        c[s1] &= ~(1u << nx->c1);
        c[s2] &= ~(1u << nx->c2);
        __builtin_prefetch(slot_of(&r->s.tt, key_of(c[0], c[1], c[2]), nx->w));
    }
    for (int k = 0; k < ns; k++) {
        const Cand *cd = &sorted[k];
        int gain = cd->w == d ? cd->pts : 0;
        u32 child[3] = {h[0], h[1], h[2]};
        child[lead] &= ~(1u << cd->c0);
        child[s1] &= ~(1u << cd->c1);
        child[s2] &= ~(1u << cd->c2);
        unsigned crk[3] = {rk[0], rk[1], rk[2]};
        crk[lead] &= ~(unsigned)g->rank_bit[cd->c0];
        crk[s1] &= ~(unsigned)g->rank_bit[cd->c1];
        crk[s2] &= ~(unsigned)g->rank_bit[cd->c2];
        int v = gain + r_best(r, child, crk, rem - cd->pts, cd->w, need - gain);
        if (r->s.stop) return 0;
        if (v >= need) {
            if (v > lo) lo = v;
            Entry *e = table_put(&r->s.tt, h[0], h[1], h[2], lead);
            if (!e) return check_table(&r->s), 0;
            e->lo = (int8_t)lo;
            e->hi = (int8_t)hi;
            return v;
        }
        if (v > fail) fail = v;
    }
    Entry *e = table_put(&r->s.tt, h[0], h[1], h[2], lead);
    if (!e) return check_table(&r->s), 0;
    e->lo = (int8_t)lo;
    e->hi = (int8_t)(hi < fail ? hi : fail);
    return fail;
}

/* r_best from a position as it is (its ranks and points counted here). */
static int r_value(Reach *r, const u32 *h, int lead, int need) {
    const Game *g = r->s.g;
    unsigned rk[3] = {ranks_of(g, h[0]), ranks_of(g, h[1]), ranks_of(g, h[2])};
    return r_best(r, h, rk, points_of(g, h[0] | h[1] | h[2]), lead, need);
}

/* The first trick from `h` (`lead` on lead) after which the declarer can still take
 * `need` more points, in `tc`: 0, or -1 if there is none. The line of a yes answer is
 * built from these, trick by trick; the tricks are tried in r_best's order, so the table
 * answers for the children r_best searched. */
static int r_first(Reach *r, const u32 *h, int lead, int need, int8_t *tc) {
    int d = r->d, s1 = (lead + 1) % 3, s2 = (lead + 2) % 3;
    Cand sorted[MAX_HAND * MAX_HAND * MAX_HAND];
    int fail = 0;
    int ns = r_children(r, h, lead, need, points_of(r->s.g, h[0] | h[1] | h[2]), sorted, &fail);
    for (int k = 0; k < ns; k++) {
        const Cand *cd = &sorted[k];
        int gain = cd->w == d ? cd->pts : 0;
        u32 child[3] = {h[0], h[1], h[2]};
        child[lead] &= ~(1u << cd->c0);
        child[s1] &= ~(1u << cd->c1);
        child[s2] &= ~(1u << cd->c2);
        int v = gain + r_value(r, child, cd->w, need - gain);
        if (r->s.stop) return -1;
        if (v >= need) {
            tc[0] = (int8_t)cd->c0;
            tc[1] = (int8_t)cd->c1;
            tc[2] = (int8_t)cd->c2;
            return 0;
        }
    }
    return -1;
}
