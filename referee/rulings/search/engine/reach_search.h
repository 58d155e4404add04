/* Part of _engine.c (included there once, in order; not a standalone header):
 * the points search itself (4.1.5, 5.4.3), pruned by every bound of the parts before. */

/* The bounds `lo`, `hi` of a searched position also under its canonical form `ch`
 * (r_best); 0 when memory ran out. */
static int r_file_canon(Reach *r, const u32 *ch, int lead, int lo, int hi) {
    Entry *c = table_put(&r->s.tt, ch[0], ch[1], ch[2], lead + 3);
    if (!c) return check_table(&r->s), 0;
    if (lo > c->lo) c->lo = (int8_t)lo;
    if (hi < c->hi) c->hi = (int8_t)hi;
    return 1;
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
    if (never_wins(g, h0, d, lead)) return 0;
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
    /* about to be searched: also filed under its canonical form by points (canon_points;
     * with the leader + 3, apart from the hands as they are), which equivalent positions
     * reached with other cards gone share. Only here, not in every child: renaming every
     * child cost more than the positions it merged saved (measured) */
    u32 ch[3];
    canon_points(g, h, ch);
    const Entry *ce = table_get(&r->s.tt, ch[0], ch[1], ch[2], lead + 3);
    if (ce) {
        if (ce->lo > lo) lo = ce->lo;
        if (ce->hi < hi) hi = ce->hi;
        if (lo >= need || hi < need) {
            int v = lo >= need ? lo : hi;
            Entry *e = table_put(&r->s.tt, h[0], h[1], h[2], lead);
            if (!e) return check_table(&r->s), 0;
            e->lo = (int8_t)lo;
            e->hi = (int8_t)hi;
            return v;
        }
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
        u32 c[3];
        after_trick(h, lead, nx, c);
        __builtin_prefetch(slot_of(&r->s.tt, key_of(c[0], c[1], c[2]), nx->w));
    }
    for (int k = 0; k < ns; k++) {
        const Cand *cd = &sorted[k];
        int gain = cd->w == d ? cd->pts : 0;
        u32 child[3];
        after_trick(h, lead, cd, child);
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
            return r_file_canon(r, ch, lead, lo, hi) ? v : 0;
        }
        if (v > fail) fail = v;
    }
    if (fail < hi) hi = fail;
    Entry *e = table_put(&r->s.tt, h[0], h[1], h[2], lead);
    if (!e) return check_table(&r->s), 0;
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
    return r_file_canon(r, ch, lead, lo, hi) ? fail : 0;
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
    int d = r->d;
    Cand sorted[MAX_HAND * MAX_HAND * MAX_HAND];
    int fail = 0;
    int ns = r_children(r, h, lead, need, points_of(r->s.g, h[0] | h[1] | h[2]), sorted, &fail);
    for (int k = 0; k < ns; k++) {
        const Cand *cd = &sorted[k];
        int gain = cd->w == d ? cd->pts : 0;
        u32 child[3];
        after_trick(h, lead, cd, child);
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

/* The line from `hh` (`lead` on lead; the hands are played down) to `need` more points,
 * which r_value found reachable: trick by trick, each the first r_first finds. -1: out
 * of memory. */
static int r_line(Reach *r, u32 *hh, int lead, int need, Line *line) {
    const Game *g = r->s.g;
    int rc = 0;
    while (rc == 0 && need > 0) {
        int8_t tc[3];
        int got = r_first(r, hh, lead, need, tc);
        if (r->s.stop || got < 0) break; /* cannot happen: a reached bound has a trick */
        for (int k = 0; k < 3 && rc == 0; k++) rc = line_add(line, (lead + k) % 3, tc[k]);
        int o = g->outcomes[tc[0] << 10 | tc[1] << 5 | tc[2]];
        int w = (lead + (o & 3)) % 3;
        without(hh, lead, tc);
        if (w == r->d) need -= o >> 2;
        lead = w;
    }
    return rc;
}
