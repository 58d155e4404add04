/* Part of _engine.c (included there once, in order; not a standalone header):
 * how many of a defender's unbeaten cards can end in the declarer's tricks (the points
 * bound). */

/* ---- a defender's unbeaten cards and the declarer's tricks (for the points bound) --- */

/* Call a plain card x of a defender D *protected* when the declarer holds no card of its
 * suit C above it (his cards only leave, so it stays protected). Let the declarer win a
 * trick holding x with his card y. If the trick is led in C, y is not of C (x beats his
 * cards of C), so y is a trump and he is void in C. If it is led in another class L
 * (trumps too), D is void in L (x does not follow) and y is of L or a trump (nothing else
 * wins). So if at most K of D's P protected cards can end in the declarer's tricks, the
 * defenders' tricks hold at least P - K of them (the cheapest at least) and, one card of
 * D each, the defenders win at least P - K tricks.
 *
 * K is bounded by the exact maximum of a relaxation that keeps counts only: per class
 * the declarer's cards, D's protected cards and his others; the partner is left out. In
 * each trick a class L is led: any class, except that he leads after a trick he won (and
 * at the start if he is on lead), so L is one he holds. He and D each follow L while they
 * hold it, else play any card. Then the relaxation chooses whether he won the trick,
 * which he can only with a trump, or with a card of L when D did not play a protected
 * card of L; a trick counts if he won it and D played a protected card. Each line of play
 * maps onto a line of the relaxation (the classes led, the two hands' cards, who won)
 * in which every trick above counts, so the maximum is at least K. (Which card of one
 * kind and class a hand plays does not matter to the counts; every kind is tried.) The
 * naive count of the tricks of a class the declarer leads after D is void in it (his
 * cards less D's) is not a bound: D can throw his cards of it away first, and each
 * protected card he throws can free another class (the tests catch that reading). */

/* A state: plain class k (0-3) at bits 12k: the declarer's cards, D's other cards, D's
 * protected cards (4 bits each); at bit 48 the declarer's trumps, at 52 D's trumps; bit
 * 56: the declarer on lead. The memo holds state << 4 | its maximum (0: empty; the empty
 * state is never filed). */
#define THROW_MEMO_BITS 12
static inline int max_int(int a, int b) { return a > b ? a : b; }
#define THROW_AT(k, part) (12 * (k) + 4 * (part)) /* part 0: declarer, 1: other, 2: protected */

static int throw_most(u64 *memo, u64 s) {
    /* the plain classes sorted by their counts: only counts matter, and equal sorts of
     * classes share one entry */
    u64 f[4] = {s & 0xFFF, s >> 12 & 0xFFF, s >> 24 & 0xFFF, s >> 36 & 0xFFF};
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && f[j] > f[j - 1]; j--) {
            u64 x = f[j];
            f[j] = f[j - 1];
            f[j - 1] = x;
        }
    s = f[0] | f[1] << 12 | f[2] << 24 | f[3] << 36 | (s & 0x1FFull << 48);
    if (!(s & 0xF00F00F00F00ull)) return 0; /* no protected card */
    u64 *e = &memo[(s * 0x9E3779B97F4A7C15ULL) >> (64 - THROW_MEMO_BITS)];
    if (*e >> 4 == s) return (int)(*e & 15);
    int d[5], o[5], p[5] = {0, 0, 0, 0, 0}, n = 0, np = 0, mine = (int)(s >> 56 & 1);
    for (int k = 0; k < 5; k++) {
        d[k] = (int)(s >> (k < 4 ? THROW_AT(k, 0) : 48)) & 15;
        o[k] = (int)(s >> (k < 4 ? THROW_AT(k, 1) : 52)) & 15;
        if (k < 4) p[k] = (int)(s >> THROW_AT(k, 2)) & 15;
        n += d[k];
        np += p[k];
    }
    if (!n) return 0;
    s &= ~(1ull << 56);
    int cap = np < n ? np : n, best = 0, both_void = 0;
    for (int L = 0; L < 5 && best < cap; L++) { /* the class led */
        int dl = d[L] > 0, fl = o[L] + p[L] > 0;
        if (mine && !dl) continue; /* he leads */
        if (!dl && !fl) { /* both void: the same for every such class */
            if (both_void) continue;
            both_void = 1;
        }
        for (int Y = 0; Y < 5 && best < cap; Y++) { /* the declarer's class */
            if (dl ? Y != L : !d[Y]) continue;
            u64 sy = s - (1ull << (Y < 4 ? THROW_AT(Y, 0) : 48));
            for (int C = 0; C < 5 && best < cap; C++) { /* D's class */
                if (fl ? C != L : !(o[C] + p[C])) continue;
                for (int prot = 0; prot < 2 && best < cap; prot++) { /* his card: other, protected */
                    if (!(prot ? p[C] : o[C])) continue;
                    u64 t = sy - (1ull << (C == 4 ? 52 : THROW_AT(C, 1 + prot)));
                    /* he may win with a card of the class led or a trump, not with one of
                     * the class led under D's protected card; then he leads, and D's
                     * protected card counts */
                    if ((Y == 4 || Y == L) && !(prot && C == L && Y == L))
                        best = max_int(best, prot + throw_most(memo, t | 1ull << 56));
                    if (best < cap) best = max_int(best, throw_most(memo, t)); /* he loses */
                }
            }
        }
    }
    *e = (s | (u64)mine << 56) << 4 | (u64)best;
    return best;
}

/* Per defender (in the order d1, d2): how many of his protected cards the defenders'
 * tricks surely hold (`m`, 0 if none), the cheapest such set (`cut`) and its points. */
typedef struct {
    int m[2], pts[2];
    u32 cut[2];
} Thrown;

/* The plain cards above all of the declarer's (`mine`) in their suits (all of a suit he
 * lacks): a defender's cards among them are his protected cards. */
static u32 protected_of(const Game *g, u32 mine) {
    /* by places (strongest first from bit 8k): the places before his first */
    u64 P = places_of(g, mine);
    u32 prot = 0;
    for (int k = 0; k < 4; k++) {
        unsigned b = (unsigned)(P >> 8 * k) & 255u;
        prot |= g->place_cards[k][b ? (b & -b) - 1 : (unsigned)(g->class_places[k] >> 8 * k) & 255u];
    }
    return prot;
}

/* throw_most's state for the declarer's hand `mine` and a defender's `D` (`prot`:
 * protected_of), the declarer on lead if `his_lead`. */
static u64 throw_state(const Game *g, u32 mine, u32 prot, u32 D, int his_lead) {
    u64 s = (u64)__builtin_popcount(mine & g->trumps) << 48 |
            (u64)__builtin_popcount(D & g->trumps) << 52 | (u64)!!his_lead << 56;
    for (int k = 0; k < 4; k++) {
        u32 A = mine & g->class_mask[k] & ~g->trumps, X = D & g->class_mask[k] & ~g->trumps;
        s |= (u64)__builtin_popcount(A) << THROW_AT(k, 0) |
             (u64)__builtin_popcount(X & ~prot) << THROW_AT(k, 1) |
             (u64)__builtin_popcount(X & prot) << THROW_AT(k, 2);
    }
    return s;
}

/* Thrown of the position `h` (memo: THROW_MEMO_BITS slots, made when first asked);
 * 0: none, -1: out of memory. */
static int thrown_of(const Game *g, u64 **memo, const u32 *h, int lead, int d, int d1, int d2,
                     Thrown *t) {
    u32 prot = protected_of(g, h[d]);
    int any = 0;
    for (int j = 0; j < 2; j++) {
        u32 D = h[j ? d2 : d1], PP = D & prot;
        t->m[j] = t->pts[j] = 0;
        t->cut[j] = 0;
        if (!PP) continue;
        if (!*memo && !(*memo = (u64 *)calloc((size_t)1 << THROW_MEMO_BITS, sizeof(u64))))
            return -1;
        int m = __builtin_popcount(PP) - throw_most(*memo, throw_state(g, h[d], prot, D, lead == d));
        if (m <= 0) continue;
        t->m[j] = m;
        for (int i = 0; i < g->n_point_values && m > 0; i++) { /* the m cheapest */
            int p = g->point_values[i];
            for (u32 x = PP & g->point_mask[p]; x && m > 0; x &= x - 1, m--) {
                t->cut[j] |= x & -x;
                t->pts[j] += p;
            }
        }
        any = 1;
    }
    return any;
}

/* Card points the declarer cannot win if the defenders win at least `k` of the tricks
 * left, with his `dead` cards (dead_cards) and the defenders' protected cards `t`
 * (thrown_of): loss_dead with k raised to each defender's m, and each defender losing at
 * least his cut and, beside it, the larger of his trump loss (trump_loss: trumps, apart
 * from the plain cut) and the cheapest of his other cards that make up k. */
static int loss_thrown(const Game *g, LowMemo *lm, const TrumpMemo *tp, const u32 *h, int k,
                       int d, int d1, int d2, u32 dead, const Thrown *t) {
    int nd = __builtin_popcount(dead);
    if (k < nd) k = nd;
    if (k < t->m[0]) k = t->m[0];
    if (k < t->m[1]) k = t->m[1];
    int loss = points_of(g, dead) + (k > nd ? lowest_points_of(g, lm, h[d] & ~dead, k - nd) : 0);
    for (int j = 0; j < 2; j++) {
        u32 D = h[j ? d2 : d1];
        int tl = tp ? (j ? tp->loss2 : tp->loss1) : 0, low = lowest_points_of(g, lm, D, k);
        int most = tl > low ? tl : low;
        if (t->m[j]) {
            int r = k - t->m[j], rest = r > 0 ? lowest_points_of(g, lm, D & ~t->cut[j], r) : 0;
            int v = t->pts[j] + (tl > rest ? tl : rest);
            if (v > most) most = v;
        }
        loss += most;
    }
    return loss;
}
