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
 * D each, the defenders win at least P - K tricks. The same holds for any set of D's
 * protected cards; the bound counts those with points (counted_protected_of), the rest
 * playing as his other cards.
 *
 * K is bounded by the exact maximum of a relaxation that keeps counts only: per class
 * the declarer's cards, D's protected cards, D's other cards and the partner P's cards,
 * and whether P "covers" the class (each of his cards of it beats each of the
 * declarer's; it stays so while cards leave). Each trick is led in a class L that its
 * leader holds: the declarer after a trick he won, D or P after one he lost (and at the
 * start the seat on lead). Each hand follows L while it holds it, else plays any card.
 * Then the relaxation chooses whether the declarer won the trick, which he can only with
 * a trump (not when trumps are led and P follows with a trump of a covered trump suit) or
 * with a card of L (not when D plays a protected card of L or P follows in a covered L):
 * P's card beats his then, and so does D's. A trick counts if he won it and D played a
 * protected card. Each line of play maps onto a line of the relaxation (the classes led,
 * the three hands' cards, who won) in which every trick above counts, so the maximum is
 * at least K. (Which card of one kind and class a hand plays does not matter to the
 * counts; every kind is tried. Tighter rules of who wins and who leads next, measured,
 * cut nodes by 4 % but cost more time than they saved, most on ordinary
 * positions: docs/performance.md.) The naive count of the tricks of a class the declarer
 * leads after D is void in it (his cards less D's) is not a bound: D can throw his cards
 * of it away first, and each protected card he throws can free another class (the tests
 * catch that reading, and P's cover counted once P is void, and D alone leading). */

/* The memo of throw_most and throw_free, one block: word 0 the bits of throw_most's part
 * (2^bits entries of three words: the state, most), word 1 its misses, then throw_free's
 * part, then throw_most's. It starts small (most searches ask few states) and grows once
 * throw_most misses often (the grand of the hill-climbed positions: 2.9 s in all with
 * 2^16 entries, 4.7 s with 2^14); a cache, so any size gives the same values. */
#define THROW_MEMO_BITS 12
#define THROW_MEMO_MAX 16
#define THROW_FREE_MEMO(m) ((m) + 2)
#define THROW_MOST_MEMO(m) ((m) + 2 + (1 << THROW_FREE_BITS))
/* at most this many cards a hand: more states than pay (measured, 8 of 10 tricks) */
#define THROW_P_MOST 8
typedef unsigned __int128 u128;
static inline int max_int(int a, int b) { return a > b ? a : b; }
/* A state: plain class k at bits 16k: part 0 the declarer's cards, 1 D's other cards, 2
 * D's protected cards, 3 P's cards (3 bits each: a plain suit holds at most 7 cards in a
 * suit or grand game), bit 12: P covers k; the trumps at 64 (4 bits each), bit 76: P
 * covers them; bits 77-78: who leads (0 the declarer, 1 D, 2 P, 3 D or P). */
#define THROW_AT(k, part) ((k) < 4 ? 16 * (k) + 3 * (part) : 64 + 4 * ((part) == 3 ? 2 : (part)))
#define THROW_COV(k) ((k) < 4 ? 16 * (k) + 12 : 76)
#define THROW_ONE(k, part) ((u128)1 << THROW_AT(k, part))
#define THROW_LEAD 77

/* throw_most without P (any class led after a trick he loses, none stopped by P): a
 * relaxation of it, so an upper bound that ends its search early (measured: the points
 * grand of the hill-climbed positions takes 185 ms with it, 334 without). State: class
 * k at 12k (4 bits each: declarer, D's other, D's protected), trumps at 48, 52; bit 56:
 * he leads. The memo holds state << 4 | its maximum (0: empty; the empty state is never
 * filed). */
#define THROW_FREE_BITS 12
#define FREE_AT(k, part) (12 * (k) + 4 * (part))
static int throw_free(u64 *memo, u64 s) {
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
    u64 *e = &memo[(s * 0x9E3779B97F4A7C15ULL) >> (64 - THROW_FREE_BITS)];
    if (*e >> 4 == s) return (int)(*e & 15);
    int d[5], o[5], p[5] = {0, 0, 0, 0, 0}, n = 0, np = 0, mine = (int)(s >> 56 & 1);
    for (int k = 0; k < 5; k++) {
        d[k] = (int)(s >> (k < 4 ? FREE_AT(k, 0) : 48)) & 15;
        o[k] = (int)(s >> (k < 4 ? FREE_AT(k, 1) : 52)) & 15;
        if (k < 4) p[k] = (int)(s >> FREE_AT(k, 2)) & 15;
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
            u64 sy = s - (1ull << (Y < 4 ? FREE_AT(Y, 0) : 48));
            for (int C = 0; C < 5 && best < cap; C++) { /* D's class */
                if (fl ? C != L : !(o[C] + p[C])) continue;
                /* D's card: his other kind (0) or a protected one (1) */
                for (int prot = 0; prot < 2 && best < cap; prot++) {
                    if (!(prot ? p[C] : o[C])) continue;
                    u64 t = sy - (1ull << (C == 4 ? 52 : FREE_AT(C, 1 + prot)));
                    /* he may win with a card of the class led or a trump, not with one of
                     * the class led under D's protected card; then he leads, and D's
                     * protected card counts */
                    if ((Y == 4 || Y == L) && !(prot && C == L && Y == L))
                        best = max_int(best, prot + throw_free(memo, t | 1ull << 56));
                    if (best < cap) best = max_int(best, throw_free(memo, t)); /* he loses */
                }
            }
        }
    }
    *e = (s | (u64)mine << 56) << 4 | (u64)best;
    return best;
}

/* The state of throw_free for a state of throw_most (P left out). */
static u64 throw_free_of(u128 s) {
    u64 f = (s >> THROW_LEAD & 3) == 0 ? 1ull << 56 : 0;
    for (int k = 0; k < 5; k++)
        for (int part = 0; part < (k < 4 ? 3 : 2); part++)
            f |= (u64)(s >> THROW_AT(k, part) & (k < 4 ? 7 : 15))
                 << (k < 4 ? FREE_AT(k, part) : 48 + 4 * part);
    return f;
}

/* The maximum of the relaxation from state `s` (memo: a block of throw_memo_new). */
static int throw_most(u64 *memo, u128 s) {
    /* the plain classes sorted: only counts matter, and equal sorts share one entry */
    u128 f[4] = {s & 0xFFFF, s >> 16 & 0xFFFF, s >> 32 & 0xFFFF, s >> 48 & 0xFFFF};
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && f[j] > f[j - 1]; j--) {
            u128 x = f[j];
            f[j] = f[j - 1];
            f[j - 1] = x;
        }
    s = f[0] | f[1] << 16 | f[2] << 32 | f[3] << 48 | (s >> 64 << 64);
    u64 lo = (u64)s, hi = (u64)(s >> 64) | 1ull << 63;
    if (!(lo & 0x01C001C001C001C0ull)) return 0; /* no protected card */
    u64 slot = ((lo ^ hi * 0xC2B2AE3D27D4EB4FULL) * 0x9E3779B97F4A7C15ULL) >> (64 - memo[0]);
    u64 *e = THROW_MOST_MEMO(memo) + 3 * slot;
    if (e[0] == lo && e[1] == hi) return (int)e[2];
    memo[1]++;
    int d[5], o[5], p[5] = {0, 0, 0, 0, 0}, q[5], cov[5], n = 0, np = 0;
    int who = (int)(s >> THROW_LEAD & 3);
    for (int k = 0; k < 5; k++) {
        int w = k < 4 ? 7 : 15;
        d[k] = (int)(s >> THROW_AT(k, 0)) & w;
        o[k] = (int)(s >> THROW_AT(k, 1)) & w;
        if (k < 4) p[k] = (int)(s >> THROW_AT(k, 2)) & w;
        q[k] = (int)(s >> THROW_AT(k, 3)) & w;
        cov[k] = (int)(s >> THROW_COV(k)) & 1;
        n += d[k];
        np += p[k];
    }
    if (!n) return 0;
    s &= ~((u128)3 << THROW_LEAD);
    int cap = np < n ? np : n, best = 0;
    /* no more than without P */
    int free_ = throw_free(THROW_FREE_MEMO(memo), throw_free_of(s | (u128)who << THROW_LEAD));
    if (free_ < cap) cap = free_;
    for (int L = 0; L < 5 && best < cap; L++) { /* the class led, by one who holds it */
        int dl = d[L] > 0, fl = o[L] + p[L] > 0, ql = q[L] > 0;
        if (!(who == 0 ? dl : who == 1 ? fl : who == 2 ? ql : fl || ql)) continue;
        for (int R = 0; R < 5 && best < cap; R++) { /* P's class */
            if (ql ? R != L : !q[R]) continue;
            u128 sr = s - THROW_ONE(R, 3);
            for (int Y = 0; Y < 5 && best < cap; Y++) { /* the declarer's class */
                if (dl ? Y != L : !d[Y]) continue;
                u128 sy = sr - THROW_ONE(Y, 0);
                /* he may win with a trump (not under P's covering trump, trumps led) or
                 * with a card of the class led (not under P's covering card of it) */
                int win = Y == 4 ? !(L == 4 && R == 4 && cov[4]) : Y == L && !(R == L && cov[L]);
                for (int C = 0; C < 5 && best < cap; C++) { /* D's class */
                    if (fl ? C != L : !(o[C] + p[C])) continue;
                    for (int prot = 0; prot < 2 && best < cap; prot++) { /* his kind */
                        if (!(prot ? p[C] : o[C])) continue;
                        u128 t = sy - THROW_ONE(C, 1 + prot);
                        if (win && !(prot && C == L && Y == L))
                            best = max_int(best, prot + throw_most(memo, t));
                        if (best < cap)
                            best = max_int(best, throw_most(memo, t | (u128)3 << THROW_LEAD));
                    }
                }
            }
        }
    }
    e[0] = lo;
    e[1] = hi;
    e[2] = (u64)best;
    return best;
}

/* A memo block with 2^bits entries for throw_most (NULL: out of memory). */
static u64 *throw_memo_new(int bits) {
    u64 *m = (u64 *)calloc(2 + (1 << THROW_FREE_BITS) + ((size_t)3 << bits), sizeof(u64));
    if (m) m[0] = (u64)bits;
    return m;
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
        unsigned all = (unsigned)(g->class_places[k] >> 8 * k) & 255u;
        prot |= g->place_cards[k][b ? (b & -b) - 1 : all];
    }
    return prot;
}

/* The protected cards the points bound counts: those with points. A card of no points
 * lost counts for nothing, and among the counted ones (a relaxation by counts) it would
 * stand for a card with points (the cheapest m are taken as lost); left out, it is one of
 * the defender's other cards, which the relaxation lets go anywhere (so a superset of
 * the lines, as before). Measured: nodes over the 103 hill-climbed point positions
 * 4,616,366 -> 4,389,971, and less time on ordinary positions too (docs/performance.md). */
static u32 counted_protected_of(const Game *g, u32 mine) {
    return protected_of(g, mine) & ~g->point_mask[0];
}

/* throw_most's state for the declarer's hand `mine`, a defender's `D` (`prot`: the
 * protected cards counted, counted_protected_of) and his partner's `P`, `who` on lead
 * (0 the declarer, 1 D, 2 P). */
static u128 throw_state(const Game *g, u32 mine, u32 prot, u32 D, u32 P, int who) {
    /* by places (strongest first from bit 8k, the trumps from 32): P covers a class when
     * his weakest place in it comes before the declarer's strongest */
    u64 pm = places_of(g, mine), po = places_of(g, D & ~prot), pp = places_of(g, D & prot);
    u64 pq = places_of(g, P);
    u128 s = (u128)who << THROW_LEAD;
    for (int k = 0; k < 5; k++) {
        int at = k < 4 ? 8 * k : 32, w = k < 4 ? 3 : 4; /* w: bits of a count */
        u64 mask = k < 4 ? 255 : 0xFFFF;
        u64 a = pm >> at & mask, q = pq >> at & mask;
        int cov = a && q && 63 - __builtin_clzll(q) < __builtin_ctzll(a);
        /* the parts at THROW_AT less the class's base; no protected trumps */
        u64 f = (u64)__builtin_popcountll(a) | (u64)__builtin_popcountll(po >> at & mask) << w |
                (u64)__builtin_popcountll(q) << (k < 4 ? 9 : 8) | (u64)cov << 12;
        if (k < 4) f |= (u64)__builtin_popcountll(pp >> at & mask) << 6;
        s |= (u128)f << (k < 4 ? 16 * k : 64);
    }
    return s;
}

/* Thrown of the position `h` (memo: a block of throw_memo_new, made when first asked,
 * replaced by a larger one when it misses often); 0: none, -1: out of memory. */
static int thrown_of(const Game *g, u64 **memo, const u32 *h, int lead, int d, int d1, int d2,
                     Thrown *t) {
    /* suit games only. Not null: suits of 8 cards, more than a state's 3-bit counts. Not
     * grand (four trumps, seven cards a suit): there the relaxation's states are many and
     * it cost more than the nodes it saved (measured: 64 hill-climbed point positions
     * 2,654 -> 2,252 ms in all, a grand of 640 nodes 9.9 -> 0.3 ms) */
    if (g->n_trumps <= 4) return 0;
    u32 prot = counted_protected_of(g, h[d]);
    int any = 0;
    for (int j = 0; j < 2; j++) {
        u32 D = h[j ? d2 : d1], PP = D & prot;
        t->m[j] = t->pts[j] = 0;
        t->cut[j] = 0;
        if (!PP) continue;
        if (!*memo || ((*memo)[0] < THROW_MEMO_MAX && (*memo)[1] > 4ull << (*memo)[0])) {
            u64 *old = *memo; /* not during throw_most: it holds pointers into the memo */
            u64 *grown = throw_memo_new(old ? THROW_MEMO_MAX : THROW_MEMO_BITS);
            if (!grown && !old) return -1;
            if (grown) { /* else the old memo serves on: any size gives the same values */
                free(old);
                *memo = grown;
            }
        }
        int seat = j ? d2 : d1, who = lead == d ? 0 : lead == seat ? 1 : 2;
        u128 st = throw_state(g, h[d], prot, D, h[j ? d1 : d2], who);
        int K = __builtin_popcount(D) > THROW_P_MOST
                    ? throw_free(THROW_FREE_MEMO(*memo), throw_free_of(st))
                    : throw_most(*memo, st);
        int m = __builtin_popcount(PP) - K;
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
    /* defender j loses at least the larger of a[j] + his trump loss and b[j]: his trump
     * loss or k cheapest, and with m protected cards lost, their points and beside them
     * his trump loss or the cheapest of his other cards that make up k */
    int a[2], b[2];
    for (int j = 0; j < 2; j++) {
        u32 D = h[j ? d2 : d1];
        int low = lowest_points_of(g, lm, D, k);
        a[j] = 0;
        b[j] = low;
        if (t->m[j]) {
            int r = k - t->m[j], rest = r > 0 ? lowest_points_of(g, lm, D & ~t->cut[j], r) : 0;
            a[j] = t->pts[j];
            if (t->pts[j] + rest > b[j]) b[j] = t->pts[j] + rest;
        }
    }
    if (tp && tp->gain) return joint_loss(g, lm, tp, h[d], dead, k, a, b);
    int loss = points_of(g, dead) + (k > nd ? lowest_points_of(g, lm, h[d] & ~dead, k - nd) : 0);
    for (int j = 0; j < 2; j++) {
        int tl = tp ? (j ? tp->loss2 : tp->loss1) : 0, x = a[j] + tl;
        loss += x > b[j] ? x : b[j];
    }
    return loss;
}
