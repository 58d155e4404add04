/* Part of _engine.c (included there once, in order; not a standalone header):
 * cooperative: can the declarer reach N more card points (4.1.5, 5.4.3). */

/* ---- cooperative: can the declarer reach N more card points (4.1.5, 5.4.3) -- */

/* sure_loss's trump part for one holding of trumps (by rank) of the three hands */
#define TRUMP_LESS 3
typedef struct {
    u64 key; /* 0: empty */
    uint8_t loss1, loss2, k;
    /* trump_loss of each defender when the declarer's t weakest trumps win nothing, t = 1 ..
     * TRUMP_LESS (`less[j][t - 1]`), and whether that differs from loss1, loss2 at all */
    uint8_t gain, less[2][TRUMP_LESS];
} TrumpMemo;
#define TRUMP_MEMO_BITS 12

/* lowest_points of one hand for k = 1..LOW_MEMO_K (its `low[k - 1]`). An empty slot
 * ({0}) is the true entry of the empty hand. */
#define LOW_MEMO_K 4
typedef struct {
    u32 m;
    uint8_t low[LOW_MEMO_K];
} LowMemo;
#define LOW_MEMO_BITS 12

/* Which slots of the two memos a search uses: all of them, except when a test narrows
 * them (set_memo_slots in test_hooks.h) to make every holding share a slot, so that a
 * caller who kept a pointer into a memo across a call that may refill it reads another
 * holding's values and the tests see it. The memos stay as large as above. */
static u64 trump_memo_mask = (1u << TRUMP_MEMO_BITS) - 1;
static u64 low_memo_mask = (1u << LOW_MEMO_BITS) - 1;

typedef struct {
    Search s;
    int d, d1, d2; /* the declarer and the seats after him */
    TrumpMemo *memo; /* 1 << TRUMP_MEMO_BITS entries */
    LowMemo *lows;   /* 1 << LOW_MEMO_BITS entries (NULL where the points bound is not used) */
    Table wt; /* w_best: bounds on the tricks the declarer can still win (slots NULL until used) */
    Table et; /* esc_search: whether a defender can escape (slots NULL until used) */
    u64 *throws; /* throw_most's memo (NULL until used) */
} Reach;

typedef struct {
    uint8_t pts, c0, c1, c2, w;
} Cand;

/* Points of one defender's trumps (by rank) the declarer cannot win: each falls in its
 * own trick, which he wins only with a higher trump of his own, one per trick; he wins at
 * most a heaviest set of them that his trumps can take one for one (greedy by points,
 * each taken by his weakest free trump above it), as trump_loss in reach.py. */
static int trump_loss(const Game *g, unsigned theirs, unsigned mine) {
    unsigned free_ = mine;
    int lost = 0;
    for (int i = 0; i < g->n_trumps; i++) {
        int r = g->loss_order[i];
        if (!(theirs >> r & 1)) continue;
        unsigned up = free_ & g->rank_above[r];
        if (up) free_ &= ~(up & -up); /* his weakest free trump above it */
        else lost += g->loss_points[i];
    }
    return lost;
}

/* How many of one defender's trumps (by rank) no trump of the declarer can take one for
 * one: strongest first, each needs a free trump of his above it. */
static int uncovered_trumps(const Game *g, unsigned theirs, unsigned mine) {
    int avail = 0, lost = 0;
    for (int r = g->n_trumps - 1; r >= 0; r--) {
        avail += mine >> r & 1;
        if (theirs >> r & 1) {
            if (avail) avail--;
            else lost++;
        }
    }
    return lost;
}

/* The card points of the `k` lowest-scoring cards of `m`. */
static int lowest_points(const Game *g, u32 m, int k) {
    int sum = 0;
    for (int i = 0; i < g->n_point_values && k > 0; i++) {
        int p = g->point_values[i];
        int have = __builtin_popcount(m & g->point_mask[p]);
        int take = have < k ? have : k;
        sum += take * p;
        k -= take;
    }
    return sum;
}

/* lowest_points(g, m, k), remembered per search for the small k the points bound asks
 * most (a cache keyed by the whole hand: a miss computes the same values). Measured
 * (callgrind, the hill-climbed points position, clubs, 62 needed): lowest_points was a
 * third of r_best's instructions, three walks over the point values in every position
 * the search met, most of them for hands met before. */
static inline int lowest_points_of(const Game *g, LowMemo *memo, u32 m, int k) {
    if (k > LOW_MEMO_K) return lowest_points(g, m, k);
    LowMemo *e = &memo[((u64)m * 0x9E3779B97F4A7C15ULL) >> (64 - LOW_MEMO_BITS) & low_memo_mask];
    if (e->m != m) {
        e->m = m;
        for (int j = 0; j < LOW_MEMO_K; j++) e->low[j] = (uint8_t)lowest_points(g, m, j + 1);
    }
    return e->low[k - 1];
}

/* The trump part of the points bound for one holding of trumps (by rank) of the three
 * hands (`rk`): each defender's trump points the declarer cannot win (trump_loss) and the
 * tricks the defenders surely win with them (the larger count of uncovered_trumps). It
 * depends on the three trump holdings only, which most tricks leave as they were:
 * remembered per search (a cache: a miss computes the same values). NULL: no defender
 * holds a trump (all three parts are 0). */
static inline const TrumpMemo *trump_part(const Game *g, TrumpMemo *memo, const unsigned *rk,
                                          int d, int d1, int d2) {
    unsigned mine = rk[d];
    unsigned t1 = rk[d1], t2 = rk[d2];
    if (!g->trumps || !(t1 | t2)) return NULL;
    u64 key = (u64)mine | (u64)t1 << 16 | (u64)t2 << 32 | 1ull << 63;
    TrumpMemo *e = &memo[(key * 0x9E3779B97F4A7C15ULL) >> (64 - TRUMP_MEMO_BITS) & trump_memo_mask];
    if (e->key != key) {
        e->key = key;
        e->loss1 = (uint8_t)trump_loss(g, t1, mine);
        e->loss2 = (uint8_t)trump_loss(g, t2, mine);
        int u1 = uncovered_trumps(g, t1, mine), u2 = uncovered_trumps(g, t2, mine);
        e->k = (uint8_t)(u1 > u2 ? u1 : u2);
        unsigned rest = mine;
        for (int t = 0; t < TRUMP_LESS; t++) {
            rest &= rest - 1; /* his weakest trump gone (the ranks count up from the weakest) */
            e->less[0][t] = (uint8_t)trump_loss(g, t1, rest);
            e->less[1][t] = (uint8_t)trump_loss(g, t2, rest);
        }
        e->gain = e->less[0][TRUMP_LESS - 1] > e->loss1 || e->less[1][TRUMP_LESS - 1] > e->loss2;
    }
    return e;
}

/* The declarer's cards that can never win a trick: a plain card c of suit S when a
 * defender holds nothing but trumps and cards of S above c, and when a defender holds
 * nothing but trumps, every plain card of the declarer and each of his trumps below all
 * of that defender's. That defender is in every trick c falls in: if it is led in S (by
 * anyone) he follows with a card of S above c or, void in S, holds only trumps and must
 * play one; if the declarer plays c as a trump, the defender follows with a higher trump
 * or, void in the suit led, must trump higher; if c is thrown away on another suit, it
 * does not win. His hand only loses cards, so this holds to the end. Each such card falls
 * in a trick the defenders win, one card of the declarer per trick. */
static inline u32 dead_cards(const Game *g, const u32 *h, int d, int d1, int d2) {
    u32 plain = h[d] & ~g->trumps, dead = 0;
    for (int j = 0; j < 2; j++) {
        u32 D = h[j ? d2 : d1], P = D & ~g->trumps;
        if (!D) return 0; /* no tricks left */
        u32 under = P ? g->class_mask[g->class_of[__builtin_ctz(P)]] : g->trumps;
        if (P & ~under) continue; /* plain cards of two suits */
        for (u32 m = P ? P : D; m; m &= m - 1) under &= g->below[__builtin_ctz(m)];
        dead |= P ? plain & under : plain | (h[d] & under);
    }
    return dead;
}

/* trump_loss of defender j (0: d1, 1: d2) when the declarer's t weakest trumps win
 * nothing (more than TRUMP_LESS: as if TRUMP_LESS, a lower value). */
static inline int trump_loss_less(const TrumpMemo *tp, int j, int t) {
    if (!t) return j ? tp->loss2 : tp->loss1;
    return tp->less[j][(t > TRUMP_LESS ? TRUMP_LESS : t) - 1];
}

/* The points the declarer's lost cards and the defenders' lost cards hold together, at
 * least, when he loses `K` cards: all of `dead` and K - |dead| others of `hand`, and
 * defender j loses at least the larger of a[j] + his trump loss and b[j].
 *
 * A trump of his that falls in a trick he loses wins nothing, so it takes no trump of
 * theirs: with t of his trumps lost, each defender's trump loss is at least trump_loss
 * with his t weakest trumps gone (any t gone leave trumps no stronger, rank by rank, and
 * a stronger trump takes whatever a weaker one can). His dead trumps are lost and are his
 * weakest (dead_cards: below all of a defender's trumps). So the least is the minimum,
 * over the number t of his other trumps lost, of the cheapest K - |dead| - t of his other
 * plain cards and cheapest t of his other trumps, plus each defender's part with his trump
 * loss at t and the dead trumps gone. (Counting his k cheapest cards and the trump loss
 * of all his trumps, as loss_with, is this with every trump of his winning.) */
static int joint_loss(const Game *g, LowMemo *lm, const TrumpMemo *tp, u32 hand, u32 dead,
                      int K, const int *a, const int *b) {
    int nd = __builtin_popcount(dead), td = __builtin_popcount(dead & g->trumps);
    int fixed = dead ? points_of(g, dead) : 0, free_k = K - nd;
    u32 fp = hand & ~dead & ~g->trumps, ft = hand & ~dead & g->trumps;
    int np = __builtin_popcount(fp), nt = __builtin_popcount(ft);
    int tlo = free_k > np ? free_k - np : 0, thi = free_k < nt ? free_k : nt, best = 1 << 20;
    for (int t = tlo; t <= thi; t++) {
        int v = fixed + (free_k > t ? lowest_points_of(g, lm, fp, free_k - t) : 0) +
                (t ? lowest_points_of(g, lm, ft, t) : 0);
        for (int j = 0; j < 2; j++) {
            int x = a[j] + trump_loss_less(tp, j, td + t);
            v += x > b[j] ? x : b[j];
        }
        if (v < best) best = v;
    }
    return best;
}

/* Card points the declarer cannot win if the defenders win at least `k` of the tricks
 * left (`tp`: trump_part). Each of those tricks holds one card of every hand: the
 * declarer loses at least his k cheapest cards, and each defender at least his k
 * cheapest or the points of his trumps the declarer cannot win (which fall in tricks of
 * their own: trump_loss). */
static inline int loss_with(const Game *g, LowMemo *lm, const TrumpMemo *tp, const u32 *h,
                            int k, int d, int d1, int d2) {
    int loss1 = tp ? tp->loss1 : 0, loss2 = tp ? tp->loss2 : 0;
    if (!k) return loss1 + loss2;
    int low1 = lowest_points_of(g, lm, h[d1], k), low2 = lowest_points_of(g, lm, h[d2], k);
    if (tp && tp->gain) { /* his lost trumps may cost trumps of theirs (joint_loss) */
        const int a[2] = {0, 0}, b[2] = {low1, low2};
        return joint_loss(g, lm, tp, h[d], 0, k, a, b);
    }
    return lowest_points_of(g, lm, h[d], k) + (loss1 > low1 ? loss1 : low1) +
           (loss2 > low2 ? loss2 : low2);
}

/* loss_with when the declarer holds `dead` cards (dead_cards, not 0): each falls in a
 * trick of its own that the defenders win, so they win at least that many (k is raised
 * to their number), and of his cards he loses all of them and the cheapest of the rest.
 * Apart from loss_with (which every child of a position asks): with one function for
 * both, the search measured slower. */
static int loss_dead(const Game *g, LowMemo *lm, const TrumpMemo *tp, const u32 *h, int k,
                     int d, int d1, int d2, u32 dead) {
    int loss1 = tp ? tp->loss1 : 0, loss2 = tp ? tp->loss2 : 0, nd = __builtin_popcount(dead);
    if (k < nd) k = nd;
    int low1 = lowest_points_of(g, lm, h[d1], k), low2 = lowest_points_of(g, lm, h[d2], k);
    if (tp && tp->gain) {
        const int a[2] = {0, 0}, b[2] = {low1, low2};
        return joint_loss(g, lm, tp, h[d], dead, k, a, b);
    }
    int mine = points_of(g, dead) + (k > nd ? lowest_points_of(g, lm, h[d] & ~dead, k - nd) : 0);
    return mine + (loss1 > low1 ? loss1 : low1) + (loss2 > low2 ? loss2 : low2);
}

/* Card points the declarer cannot win from here, whatever anyone plays.
 *
 * A defender's trump that no trump of the declarer can take one for one (a matching,
 * as in trump_loss) falls in a trick the defenders win; his trumps fall in different
 * tricks, so the defenders win at least k = the larger of the two counts of such trumps
 * (loss_with). */
static inline int sure_loss(const Game *g, TrumpMemo *memo, LowMemo *lm, const u32 *h,
                            const unsigned *rk, int d, int d1, int d2) {
    const TrumpMemo *tp = trump_part(g, memo, rk, d, d1, d2);
    return tp ? loss_with(g, lm, tp, h, tp->k, d, d1, d2) : 0;
}

/* The cards that beat, when led, some card of `m` (a superset of the cards that can win a
 * trick against one of them: a trump beats a plain card only from a hand void in its
 * suit, which is not checked). */
static inline u32 beaters_of(const Game *g, u32 m) {
    return g->byte_beaters[0][m & 255] | g->byte_beaters[1][m >> 8 & 255] |
           g->byte_beaters[2][m >> 16 & 255] | g->byte_beaters[3][m >> 24];
}

/* A defender on lead, can the declarer never win a trick again? Then he takes no more
 * points. Only a seat on lead or one that wins a trick leads; the declarer wins a trick
 * led by another seat only with a card that beats the card led. The seats that can come
 * to the lead are the leader and his partner if the partner holds a card that beats one
 * of the leader's when led (a superset: that he could win such a trick). If no card of
 * the declarer beats, when led, any card of those seats, he never wins a trick: every
 * trick is led by one of them, and cards only leave the hands. */
static int never_wins(const Game *g, const u32 *h, int d, int lead) {
    if (lead == d) return 0;
    int partner = 3 - d - lead;
    u32 leaders = h[lead], beat = beaters_of(g, h[lead]);
    if (beat & h[partner]) {
        leaders |= h[partner];
        beat |= beaters_of(g, h[partner]);
    }
    return !(beat & h[d]);
}

/* `src` into `dst` by points, most first (`most`) or fewest first, ties in the order
 * given (a stable sort: an insertion sort for the usual few, else a counting sort over
 * the points a trick can hold, 0..33; both give the one stable order). */
static void sort_cands(Cand *dst, const Cand *src, int n, int most) {
    if (n <= 24) {
        for (int i = 0; i < n; i++) {
            Cand x = src[i];
            int kx = most ? -x.pts : x.pts;
            int j = i;
            for (; j > 0 && (most ? -dst[j - 1].pts : dst[j - 1].pts) > kx; j--) dst[j] = dst[j - 1];
            dst[j] = x;
        }
        return;
    }
    int start[35] = {0};
    for (int k = 0; k < n; k++) start[(most ? 33 - src[k].pts : src[k].pts) + 1]++;
    for (int p = 1; p < 35; p++) start[p] += start[p - 1];
    for (int k = 0; k < n; k++) dst[start[most ? 33 - src[k].pts : src[k].pts]++] = src[k];
}

/* The runs of `hand` (its cards no alive card of another hand separates, within one class)
 * as places of their strongest cards (move_places without points), and for each run its
 * card with the most points (`most`) and the one with the fewest (`fewest`), filed under
 * the strongest card (ties: the stronger). */
static inline u64 power_runs(const Game *g, u32 hand, u32 alive, int8_t *most, int8_t *fewest) {
    u64 L = places_of(g, hand), A = places_of(g, alive), R = 0;
    int top = 0;
    for (u64 m = L; m; m &= m - 1) {
        int i = __builtin_ctzll(m), c = g->card_at[i];
        u64 up = A & g->stronger[i];
        if (!up || !(L >> (63 - __builtin_clzll(up)) & 1)) {
            R |= 1ull << i;
            top = c;
            most[c] = fewest[c] = (int8_t)c;
            continue;
        }
        if (g->points[c] > g->points[most[top]]) most[top] = (int8_t)c;
        if (g->points[c] < g->points[fewest[top]]) fewest[top] = (int8_t)c;
    }
    return R;
}

/* Every trick from `h` (`lead` on lead), split by who wins it: the declarer's (seat `d`)
 * into `won`, the others' into `lost`, counted in `*nw` and `*nl`. Each hand plays one card
 * per run of cards no alive card of another hand separates (power_runs): any card of a
 * run gives the trick the same winner. Without `by_points` (the trick count) that is the
 * run's strongest card, and `pts` is 1 for a trick the declarer wins, 0 for one he loses.
 * With `by_points` (the points search) `pts` is the trick's card points and each hand
 * plays the run's card with the most points into a trick the declarer wins and the one
 * with the fewest into a trick he loses; the other cards of the run need no trial (see
 * below). With `by_points`, a lost
 * trick of more than `slack` points is left out and `*fail` raised to the most `rem` less
 * its points leaves. Inlined in r_children and w_children, each with `by_points` fixed.
 *
 * Why one card of a run is enough for the points search: let x and y be two cards of one
 * run of a hand, x worth p more points than y. Any card of a run plays as any other (the
 * same class, so the same follow rule; no alive card of another hand between them, so
 * every trick has the same winner), so a line of play after the trick with x played maps
 * onto one after the trick with y played (x in the place of y) with the same winners,
 * the declarer taking at most p points more (exactly p when he wins the trick x falls
 * in). So into a trick the declarer wins, playing x (p more now) is at least as good as
 * playing y; into one he loses, y is at least as good as x (he may win x later). The
 * best of the trick's children is among those tried, so the value is the same. */
static inline __attribute__((always_inline)) void list_tricks(
    const Game *g, const u32 *h, int lead, int d, int by_points, int slack, int rem, Cand *won,
    int *nw_out, Cand *lost, int *nl_out, int *fail) {
    int s1 = (lead + 1) % 3, s2 = (lead + 2) % 3;
    u32 h1 = h[s1], h2 = h[s2], alive = h[0] | h[1] | h[2];
    int nw = 0, nl = 0;
    int8_t m0[32], mf1[5][32], mf2[5][32];
    int8_t most[3][32], fewest[3][32]; /* by points: [0] leader, [1], [2] the followers */
    int nf1[5] = {-1, -1, -1, -1, -1}, nf2[5] = {-1, -1, -1, -1, -1};
    int n0 = cards_up(g, by_points ? power_runs(g, h[lead], alive, most[0], fewest[0])
                                   : move_places(g, h[lead], alive, 0), m0, 0);
    const int seat_of[4] = {lead, s1, s2, lead}; /* the winner's seat by its place */
    /* each follower's moves from his whole hand, once: a run lies within one class, so
     * his moves when he must follow a class are these moves of that class */
    u64 r1 = by_points ? power_runs(g, h1, alive, most[1], fewest[1]) : move_places(g, h1, alive, 0);
    u64 r2 = by_points ? power_runs(g, h2, alive, most[2], fewest[2]) : move_places(g, h2, alive, 0);
    for (int i = 0; i < n0; i++) {
        int c0 = m0[i];
        /* the followers' moves depend only on the class led: listed once per class */
        int k0 = g->class_of[c0];
        if (nf1[k0] < 0) {
            u32 fo = g->followers[c0]; /* the class of c0 (checked in prepare) */
            u64 cp = g->class_places[k0];
            nf1[k0] = cards_up(g, (h1 & fo) ? r1 & cp : r1, mf1[k0], 0);
            nf2[k0] = cards_up(g, (h2 & fo) ? r2 & cp : r2, mf2[k0], 0);
        }
        const int8_t *m1 = mf1[k0], *m2 = mf2[k0];
        int n1 = nf1[k0], n2 = nf2[k0];
        for (int a = 0; a < n1; a++) {
            int b1 = c0 << 10 | m1[a] << 5;
            for (int b = 0; b < n2; b++) {
                int o = g->outcomes[b1 | m2[b]];
                int w = seat_of[o & 3];
                Cand cd = {(uint8_t)(w == d), (uint8_t)c0, (uint8_t)m1[a], (uint8_t)m2[b], (uint8_t)w};
                if (by_points) {
                    const int8_t(*pick)[32] = w == d ? most : fewest;
                    cd.c0 = (uint8_t)pick[0][c0];
                    cd.c1 = (uint8_t)pick[1][m1[a]];
                    cd.c2 = (uint8_t)pick[2][m2[b]];
                    cd.pts = (uint8_t)(g->points[cd.c0] + g->points[cd.c1] + g->points[cd.c2]);
                }
                int pts = cd.pts;
                if (w == d) {
                    won[nw++] = cd;
                } else if (by_points && pts > slack) {
                    if (rem - pts > *fail) *fail = rem - pts;
                } else {
                    lost[nl++] = cd;
                }
            }
        }
    }
    *nw_out = nw;
    *nl_out = nl;
}

/* The hands `child` after the trick `cd` from `h` (`lead` on lead). */
static inline void after_trick(const u32 *h, int lead, const Cand *cd, u32 *child) {
    child[0] = h[0];
    child[1] = h[1];
    child[2] = h[2];
    child[lead] &= ~(1u << cd->c0);
    child[(lead + 1) % 3] &= ~(1u << cd->c1);
    child[(lead + 2) % 3] &= ~(1u << cd->c2);
}

/* The tricks worth trying from `h` (`lead` on lead) toward `need` more points, in the
 * order they are tried: the declarer's by points, most first, then the others by points,
 * fewest first; with a defender on lead, the others first (a trick he loses cheaply
 * keeps his winners for later tricks). A trick the declarer loses is left out when its
 * points leave too little for the rest (`*fail_out`: the most such a trick could still
 * give). The order measured on the hill-climbed point positions:
 * yes answers 265,099 -> 46,483, 92,453 -> 62,254, 60,757 -> 423 nodes, the no answers
 * 1.6 % more in all (at most 5 % each); with the declarer on lead too, more nodes; only
 * the tricks of no points first: 2.7 % more in all. */
static int r_children(Reach *r, const u32 *h, int lead, int need, int rem, Cand *sorted,
                      int *fail_out) {
    Cand won[MAX_HAND * MAX_HAND * MAX_HAND], lost[MAX_HAND * MAX_HAND * MAX_HAND];
    int nw, nl, fail = 0;
    list_tricks(r->s.g, h, lead, r->d, 1, rem - need, rem, won, &nw, lost, &nl, &fail);
    /* won tricks by points, most first; lost ones by points, fewest first (ties keep the
     * order the tricks were made in) */
    *fail_out = fail;
    if (lead == r->d) {
        sort_cands(sorted, won, nw, 1);
        sort_cands(sorted + nw, lost, nl, 0);
    } else {
        sort_cands(sorted, lost, nl, 0);
        sort_cands(sorted + nl, won, nw, 1);
    }
    return nw + nl;
}
