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
    if (g->trumps) trumps_to_top(g, alive, px, py, &X, &Y);
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
