/* Part of _engine.c (included there once, in order; not a standalone header):
 * null: sure signs that the declarer takes or avoids a trick, and the one-suit games G_S and G'_S. */

/* Null, a defender on lead: does he hold a card of a class below all of the declarer's
 * cards of that class, with his partner void in it or holding one below them too? Then
 * the declarer takes the next trick: the defender leads that card; the declarer must
 * follow with one of his cards of the class, all above it; the partner plays his low
 * card of the class (below every card of the declarer's) or, void, a card of another
 * class; no trumps in null, so the declarer's card is the highest of the led class.
 * Nothing else in the hands matters, so f_sure asks this before anything else. */
static int null_forced(const Game *g, const u32 *h, int d, int lead) {
    int other = 3 - d - lead;
    u32 mine = h[lead], partner = h[other], decl = h[d];
    for (int k = 0; k < 5; k++) {
        u32 cm = g->class_mask[k];
        u32 ds = decl & cm;
        if (!ds || !(mine & cm)) continue;
        int low = -1;
        for (u32 m = ds; m; m &= m - 1) {
            int c = low_card(m);
            if (!(ds & g->below[c])) {
                low = c;
                break;
            }
        }
        if (low < 0) continue;
        if ((mine & g->below[low]) && (!(partner & cm) || (partner & g->below[low]))) return 1;
    }
    return 0;
}

/* Null, the declarer not on lead: can he go under in every trick to come, whatever the
 * defenders do? Yes if in every class his i-th lowest card is below their i-th lowest
 * (their cards counted together). He never leads again; when they lead a class he plays
 * his highest card below the winning one (his lowest, if they lead their lowest: after
 * i-1 tricks of the class they have spent at least i-1 cards of it, so their lowest left
 * is at least their i-th); void, he discards his highest card, which keeps the condition. */
static int null_safe(const Game *g, const u32 *h, int d) {
    u32 defs = (h[0] | h[1] | h[2]) & ~h[d];
    for (int k = 0; k < 5; k++) {
        u32 cm = g->class_mask[k];
        if (!(h[d] & cm)) continue;
        int mine[32], theirs[32], nm = 0, nt = 0;
        for (int i = g->order_n[k] - 1; i >= 0; i--) { /* weakest first */
            int c = g->order[k][i];
            if (bit(h[d], c)) mine[nm++] = c;
            else if (bit(defs, c)) theirs[nt++] = c;
        }
        for (int i = 0; i < nm && i < nt; i++)
            if (!bit(g->above[mine[i]], theirs[i])) return 0;
    }
    return 1;
}

/* Null, the declarer not on lead: one suit at a time, with the defenders' discards counted.
 *
 * null_safe lets the defenders throw any card away at any time. They can throw a card of
 * suit S away only in a trick led in another suit T by the other defender, when they hold
 * no card of T. A bound on those tricks (X discards, Y the other defender):
 *   discards of S cards by X  <=  E_X(S) = sum over suits T != S of max(0, |Y_T| - |X_T|)
 * (counted now). Proof: let P = sum over T != S of max(0, |Y_T| - |X_T|). A trick in which
 * X discards is led by Y in a suit T that X lacks, so |X_T| = 0 < |Y_T| and P falls by one
 * (Y's led card). Nothing raises P while X still holds a card of S: a trick of T in which
 * both follow takes one card of T from each; a trick led by X in T with Y void takes one
 * card of X while |Y_T| = 0 (its term stays 0); a discard of X of a card of T != S raises
 * P by at most one, in a trick that lowered it by one; a discard of Y lowers it; and in a
 * trick of S, X follows (he holds S). So X throws away at most P cards of S.
 *
 * The game of one suit S, G_S, is then a relaxation of the real one in the defenders'
 * favour: A is the seat after the declarer (when A leads, the declarer plays last), B the
 * seat before him (when B leads, the declarer plays second and A after him). At any time
 * either defender holding a card of S may lead it (the real lead passes by tricks), and
 * A and B may throw away up to E_A(S), E_B(S) of their cards of S. The declarer plays a
 * fixed rule: following, his highest card of S below the card winning so far (played
 * last: max of the two defenders'; second: the led card); if he has none and plays
 * second, his lowest (A must then overtake it: A holds only higher cards of S); void in
 * a led suit, in the real game, he throws away the highest card of some suit. He loses
 * G_S when he takes a trick. Removing his highest card of S never turns a won G_S into
 * a lost one (by induction on the tricks: with the top card gone the rule plays the same
 * card, or the highest left where it would have played a removed one, and the hands stay
 * "the same less top cards"), so his discards do not hurt; and every line of the real
 * game restricted to S is a line of G_S. Hence if he wins G_S for every suit he holds, he
 * takes no trick in the real game, whatever the defenders do.
 *
 * G_S depends only on the order of the suit's alive cards by owner and on the two bounds,
 * so it is solved once for every such shape (on the first null game: at most eight
 * cards, bounds clamped to eight) and read from NS_LOST. */
#define NS_SEQS 9841 /* shapes of 0..8 cards with three owners: 3^0 + ... + 3^8 */
static uint16_t NS_LOST[NS_SEQS][9]; /* [shape][E_A]: bit E_B set when the declarer loses */
static uint16_t NS_OFF[9];           /* first shape of each size */
static uint16_t NS_B3[256];          /* bit i of a mask at digit i of base 3 */

/* A shape: n cards, strongest first (bit 0); mD the declarer's, mB those of B, the rest
 * A's. The shape index: NS_OFF[n] + digits (0 A, 1 declarer, 2 B). */
static inline int ns_index(int n, unsigned mD, unsigned mB) {
    return NS_OFF[n] + NS_B3[mD] + 2 * NS_B3[mB];
}

/* the masks after removing the cards at `gone` (keeping the order of the rest) */
static inline unsigned ns_drop(int n, unsigned m, unsigned gone) {
    return COMPRESS[((1u << n) - 1) & ~gone][m];
}

static int8_t *NS_MEMO;

/* Can the defenders make the declarer take a trick of G_S? (memoised in NS_MEMO) */
static int ns_lost(int n, unsigned mD, unsigned mB, int eA, int eB) {
    if (!mD) return 0;
    unsigned full = (1u << n) - 1, mA = full & ~mD & ~mB;
    int nA = __builtin_popcount(mA), nB = __builtin_popcount(mB);
    if (eA > nA) eA = nA;
    if (eB > nB) eB = nB;
    int8_t *memo = &NS_MEMO[(ns_index(n, mD, mB) * 9 + eA) * 9 + eB];
    if (*memo >= 0) return *memo;
    int lost = 0;
#define NS_TRY(gone, ea, eb)                                                                    \
    if (ns_lost(n - __builtin_popcount(gone), ns_drop(n, mD, gone), ns_drop(n, mB, gone), ea, \
                eb)) {                                                                          \
        lost = 1;                                                                               \
        goto done;                                                                              \
    }
    if (eA)
        for (unsigned m = mA; m; m &= m - 1) NS_TRY(m & -m, eA - 1, eB)
    if (eB)
        for (unsigned m = mB; m; m &= m - 1) NS_TRY(m & -m, eA, eB - 1)
    /* A leads x, B follows with y (or is void), the declarer plays last */
    for (unsigned mx = mA; mx; mx &= mx - 1) {
        unsigned x = mx & -mx;
        for (unsigned my = mB ? mB : 1u << 8; my; my &= my - 1) {
            unsigned y = mB ? my & -my : 0;
            unsigned w = y && y < x ? y : x;       /* the stronger card: the lower bit */
            unsigned under = mD & ~((w << 1) - 1); /* the declarer's cards below it */
            if (!under) {
                lost = 1;
                goto done;
            }
            NS_TRY(x | y | (under & -under), eA, eB) /* his highest card below it */
        }
    }
    /* B leads x, the declarer plays second, A follows with y (or is void) */
    for (unsigned mx = mB; mx; mx &= mx - 1) {
        unsigned x = mx & -mx;
        unsigned under = mD & ~((x << 1) - 1);
        unsigned d = under ? under & -under : 1u << (31 - __builtin_clz(mD)); /* else lowest */
        if (!under && (!mA || (mA & ~((d << 1) - 1)))) { /* A void or can go under him */
            lost = 1;
            goto done;
        }
        for (unsigned my = mA ? mA : 1u << 8; my; my &= my - 1) {
            unsigned y = mA ? my & -my : 0;
            NS_TRY(x | d | y, eA, eB)
        }
    }
#undef NS_TRY
done:
    *memo = (int8_t)lost;
    return lost;
}

/* Fill NS_LOST (once, on the first null game); -1 when out of memory. */
static int ns_init(void) {
    for (int n = 0, off = 0, p = 1; n <= 8; n++, off += p, p *= 3) NS_OFF[n] = (uint16_t)off;
    for (int m = 0; m < 256; m++) {
        int v = 0, p = 1;
        for (int i = 0; i < 8; i++, p *= 3)
            if (m >> i & 1) v += p;
        NS_B3[m] = (uint16_t)v;
    }
    NS_MEMO = (int8_t *)malloc((size_t)NS_SEQS * 81);
    if (!NS_MEMO) return -1;
    memset(NS_MEMO, -1, (size_t)NS_SEQS * 81);
    for (int n = 0; n <= 8; n++) {
        unsigned full = (1u << n) - 1;
        for (unsigned mD = 0; mD <= full; mD++)
            for (unsigned mB = 0; mB <= full; mB++) {
                if (mD & mB) continue;
                uint16_t *row = NS_LOST[ns_index(n, mD, mB)];
                for (int eA = 0; eA <= 8; eA++) {
                    row[eA] = 0;
                    for (int eB = 0; eB <= 8; eB++)
                        if (ns_lost(n, mD, mB, eA, eB)) row[eA] |= (uint16_t)(1u << eB);
                }
            }
    }
    free(NS_MEMO);
    NS_MEMO = NULL;
    return 0;
}

/* The suits (bit k: plain class k) whose G_S (above) the declarer `d` loses in the
 * position `h`, the defenders' discard bounds counted from `h`. */
static unsigned null_lost_suits(const Game *g, const u32 *h, int d) {
    u32 a = h[(d + 1) % 3], b = h[(d + 2) % 3];
    u64 pd = places_of(g, h[d]), pa = places_of(g, a), pb = places_of(g, b);
    int ea[4], eb[4], sa = 0, sb = 0; /* each suit's term of E_A, E_B */
    for (int k = 0; k < 4; k++) {
        int na = __builtin_popcount(a & g->class_mask[k]);
        int nb = __builtin_popcount(b & g->class_mask[k]);
        ea[k] = nb > na ? nb - na : 0;
        eb[k] = na > nb ? na - nb : 0;
        sa += ea[k];
        sb += eb[k];
    }
    unsigned lost = 0;
    for (int k = 0; k < 4; k++) {
        unsigned qd = (unsigned)(pd >> 8 * k) & 255u;
        if (!qd) continue;
        unsigned qb = (unsigned)(pb >> 8 * k) & 255u;
        unsigned alive = qd | qb | ((unsigned)(pa >> 8 * k) & 255u);
        int eA = sa - ea[k], eB = sb - eb[k]; /* the other suits' terms */
        if (eA > 8) eA = 8;
        if (eB > 8) eB = 8;
        int row = ns_index(__builtin_popcount(alive), COMPRESS[alive][qd], COMPRESS[alive][qb]);
        if (NS_LOST[row][eA] >> eB & 1) lost |= 1u << k;
    }
    return lost;
}

/* Null, exactly one suit S lost in G_S: G'_S, the same game of one suit in which the
 * declarer's own discards count as well.
 *
 * A discard of a defender X is "free" when the declarer follows the suit led in that
 * trick, "paired" when he lacks it too and throws a card away himself. Free discards of
 * cards of S by X are at most
 *   F_X(S) = sum over suits T != S of max(0, min(|D_T|, |Y_T|) - |X_T|)
 * (D the declarer, Y the other defender, counted now), plus one for each card of
 * another suit X throws away in a paired trick. Proof: call the sum Q. In a free
 * discard, Y led T, X lacks T and the declarer follows: |Y_T| and |D_T| fall by one with
 * |X_T| = 0, so T's term falls by one (it was at least one). A trick of T in which X and
 * the declarer both follow takes one card of T from each of the three hands that hold
 * T, or leaves the term at 0 (the declarer void, or X leading T with Y void); a discard
 * of Y or of the declarer lowers a term; X throws away a card of T' != S only in a free
 * trick (Q fell by one there) or in a paired one (counted above); in a trick of S, X
 * follows. Nothing else raises Q, so the claim holds.
 *
 * G'_S: the game G_S (the same seats, leads and the declarer's rule for following) with
 * the bounds E_X(S) on all of X's discards of S and F_X(S) on the free ones, and paired
 * tricks whenever the defenders like: the declarer throws away a card of S of his choice
 * first (he may play before X), then X throws away a card of S (E_X falls by one) or a
 * card of another suit (F_X grows by one). Every line of the real game is one of G'_S:
 * the declarer's discards in paired tricks go to S, and his other discards to the top
 * card of any suit: the other suits' G_S are won whatever he does with his cards of S,
 * and removing his top card of S never turns a won G'_S into a lost one (the induction
 * of G_S: with the top card gone he throws away his top card where he would have thrown
 * a removed one). So if S is his only suit lost in G_S and he wins G'_S, he takes no
 * trick. Solved once at import, like G_S, for every shape and the bounds clamped to the
 * defenders' cards of S (549,134 states, one byte each). */
static uint32_t NS2_OFF[NS_SEQS]; /* each shape's first state */
static uint8_t *NS2;              /* 1: the declarer loses G'_S; 0xFF: not solved yet */

static inline int ns2_pair(int e, int f) { return e * (e + 1) / 2 + f; } /* f <= e */

static int ns2_lost(int n, unsigned mD, unsigned mB, int eA, int eB, int fA, int fB) {
    if (!mD) return 0;
    unsigned full = (1u << n) - 1, mA = full & ~mD & ~mB;
    int nA = __builtin_popcount(mA), nB = __builtin_popcount(mB);
    if (eA > nA) eA = nA;
    if (eB > nB) eB = nB;
    if (fA > eA) fA = eA;
    if (fB > eB) fB = eB;
    uint8_t *memo = &NS2[NS2_OFF[ns_index(n, mD, mB)] +
                         (size_t)ns2_pair(eA, fA) * (size_t)((nB + 1) * (nB + 2) / 2) +
                         (size_t)ns2_pair(eB, fB)];
    if (*memo != 0xFF) return *memo;
    int lost = 0;
#define NS2_AFTER(gone, ea, eb, fa, fb)                                                       \
    ns2_lost(n - __builtin_popcount(gone), ns_drop(n, mD, gone), ns_drop(n, mB, gone), ea, eb, \
             fa, fb)
#define NS2_TRY(gone, ea, eb, fa, fb)    \
    if (NS2_AFTER(gone, ea, eb, fa, fb)) { \
        lost = 1;                          \
        goto done;                         \
    }
    /* free discards of S */
    if (fA)
        for (unsigned m = mA; m; m &= m - 1) NS2_TRY(m & -m, eA - 1, eB, fA - 1, fB)
    if (fB)
        for (unsigned m = mB; m; m &= m - 1) NS2_TRY(m & -m, eA, eB - 1, fA, fB - 1)
    /* a paired trick for A (side 0) or B (side 1): he needs a card d to throw away after
     * which neither of X's answers wins */
    for (int side = 0; side < 2; side++) {
        unsigned mX = side ? mB : mA;
        int eX = side ? eB : eA, saved = 0;
        for (unsigned md = mD; md && !saved; md &= md - 1) {
            unsigned d = md & -md;
            int ok = !NS2_AFTER(d, eA, eB, fA + !side, fB + side); /* another suit's card */
            if (ok && eX)
                for (unsigned m = mX; m && ok; m &= m - 1)
                    ok = !NS2_AFTER(d | (m & -m), eA - !side, eB - side, fA, fB);
            saved = ok;
        }
        if (!saved) {
            lost = 1;
            goto done;
        }
    }
    /* A leads x, B follows with y (or is void), the declarer plays last */
    for (unsigned mx = mA; mx; mx &= mx - 1) {
        unsigned x = mx & -mx;
        for (unsigned my = mB ? mB : 1u << 8; my; my &= my - 1) {
            unsigned y = mB ? my & -my : 0;
            unsigned w = y && y < x ? y : x;
            unsigned under = mD & ~((w << 1) - 1);
            if (!under) {
                lost = 1;
                goto done;
            }
            NS2_TRY(x | y | (under & -under), eA, eB, fA, fB)
        }
    }
    /* B leads x, the declarer plays second, A follows with y (or is void) */
    for (unsigned mx = mB; mx; mx &= mx - 1) {
        unsigned x = mx & -mx;
        unsigned under = mD & ~((x << 1) - 1);
        unsigned d = under ? under & -under : 1u << (31 - __builtin_clz(mD));
        if (!under && (!mA || (mA & ~((d << 1) - 1)))) {
            lost = 1;
            goto done;
        }
        for (unsigned my = mA ? mA : 1u << 8; my; my &= my - 1) {
            unsigned y = mA ? my & -my : 0;
            NS2_TRY(x | d | y, eA, eB, fA, fB)
        }
    }
#undef NS2_TRY
#undef NS2_AFTER
done:
    *memo = (uint8_t)lost;
    return lost;
}

/* Solve every state of G'_S (once, on the first null game); -1 when out of memory. */
static int ns2_init(void) {
    size_t total = 0;
    for (int n = 0; n <= 8; n++) {
        unsigned full = (1u << n) - 1;
        for (unsigned mD = 0; mD <= full; mD++)
            for (unsigned mB = 0; mB <= full; mB++) {
                if (mD & mB) continue;
                int nB = __builtin_popcount(mB), nA = n - __builtin_popcount(mD) - nB;
                NS2_OFF[ns_index(n, mD, mB)] = (uint32_t)total;
                total += (size_t)((nA + 1) * (nA + 2) / 2) * (size_t)((nB + 1) * (nB + 2) / 2);
            }
    }
    NS2 = (uint8_t *)malloc(total);
    if (!NS2) return -1;
    memset(NS2, 0xFF, total);
    for (int n = 0; n <= 8; n++) {
        unsigned full = (1u << n) - 1;
        for (unsigned mD = 0; mD <= full; mD++)
            for (unsigned mB = 0; mB <= full; mB++) {
                if (mD & mB) continue;
                int nB = __builtin_popcount(mB), nA = n - __builtin_popcount(mD) - nB;
                for (int eA = 0; eA <= nA; eA++)
                    for (int fA = 0; fA <= eA; fA++)
                        for (int eB = 0; eB <= nB; eB++)
                            for (int fB = 0; fB <= eB; fB++) ns2_lost(n, mD, mB, eA, eB, fA, fB);
            }
    }
    return 0;
}

/* Null, the declarer `d` not on lead and `s` his only suit lost in G_S: does he win
 * G'_S (above)? */
static int null_one_suit_won(const Game *g, const u32 *h, int d, int s) {
    u32 a = h[(d + 1) % 3], b = h[(d + 2) % 3], decl = h[d];
    int eA = 0, eB = 0, fA = 0, fB = 0;
    for (int k = 0; k < 4; k++) {
        if (k == s) continue;
        u32 cm = g->class_mask[k];
        int na = __builtin_popcount(a & cm), nb = __builtin_popcount(b & cm);
        int nd = __builtin_popcount(decl & cm);
        eA += nb > na ? nb - na : 0;
        eB += na > nb ? na - nb : 0;
        int ma = (nd < nb ? nd : nb) - na, mb = (nd < na ? nd : na) - nb;
        fA += ma > 0 ? ma : 0;
        fB += mb > 0 ? mb : 0;
    }
    u64 pd = places_of(g, decl), pa = places_of(g, a), pb = places_of(g, b);
    unsigned qd = (unsigned)(pd >> 8 * s) & 255u, qb = (unsigned)(pb >> 8 * s) & 255u;
    unsigned alive = qd | qb | ((unsigned)(pa >> 8 * s) & 255u);
    if (eA > 8) eA = 8;
    if (eB > 8) eB = 8;
    if (fA > 8) fA = 8;
    if (fB > 8) fB = 8;
    return !ns2_lost(__builtin_popcount(alive), COMPRESS[alive][qd], COMPRESS[alive][qb], eA, eB,
                     fA, fB);
}

/* Null, the declarer `d` not on lead: 1 if he wins G_S in every suit he holds, 2 if he
 * loses it in one suit only and wins G'_S there, else 0 (no sign). */
static int null_sure_safe(const Game *g, const u32 *h, int d) {
    unsigned lost = null_lost_suits(g, h, d);
    if (!lost) return 1;
    return !(lost & (lost - 1)) && null_one_suit_won(g, h, d, __builtin_ctz(lost)) ? 2 : 0;
}

/* The one-suit tables above, solved when a null game is first searched (game_at), not at
 * import: most processes rule no null game. Called under the GIL, so once. */
static int null_tables(void) {
    static int ready;
    if (!ready && (ns_init() < 0 || ns2_init() < 0)) return -1;
    ready = 1;
    return 0;
}
