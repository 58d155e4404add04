/* Part of _engine.c (included there once, in order; not a standalone header):
 * the per-game tables prepare() fills, and canonical positions. */

/* ---- per-game tables (filled by prepare) ----------------------------------- */

typedef struct {
    int ready;
    u32 trumps;
    u32 class_mask[5];
    uint8_t class_of[32];
    int8_t order[5][32]; /* cards of each follow class, strongest first */
    uint8_t order_n[5];
    u32 above[32];     /* cards of its class that beat it */
    u32 below[32];     /* cards of its class that it beats */
    u32 beaten_by[32]; /* cards that beat it when it is led */
    u32 followers[32]; /* cards that follow it */
    uint8_t points[32];
    uint8_t outcomes[32768]; /* c0<<10|c1<<5|c2 -> winner index | points << 2 */
    /* derived in prepare, for the bounds */
    uint8_t byte_points[4][256]; /* card points of each byte of a mask */
    u32 byte_beaters[4][256];    /* the cards that beat, when led, a card of each byte */
    uint16_t trump_rank[4][256]; /* trumps of each byte of a mask by rank (strongest high) */
    uint16_t rank_above[16];     /* ranks above a rank */
    uint16_t rank_bit[32];       /* a trump's rank as a bit (0 for the other cards) */
    int8_t loss_order[16];       /* trump ranks by card points, most first */
    uint8_t loss_points[16];     /* the points of the trump of each rank */
    uint8_t n_trumps;
    u32 point_mask[12];          /* cards worth 0..11 points */
    /* canonical positions (canon below), [by_points]: the first position in its class of
     * each position's group, and each plain class's shape (interchangeable when equal) */
    uint8_t group_start[2][5][16];
    u64 shape[2][4];
    /* each card's place in its class as one bit of a 64-bit word: plain class k at bits
     * 8k.. (at most 8 cards), the trump class at bits 32.. (at most 16); by byte of a mask */
    u64 place_bits[4][256];
    /* by place (the bit of place_bits): its card, its points, and the places of its class
     * stronger than it (moves below) */
    int8_t card_at[64];
    uint8_t points_at[64];
    u64 stronger[64];
    u64 weaker[64];      /* the places of its class weaker than it */
    u64 class_places[5]; /* each class's places */
    uint8_t place_of[32]; /* each card's place */
    /* the point values some card has, lowest first (lowest_points) */
    uint8_t point_values[12];
    uint8_t n_point_values;
    /* the cards at a byte of places: plain class k (k < 4) by its 8 places, the trump
     * class by its places 0-7 (index 4) and 8-15 (index 5); canon_plain below */
    u32 place_cards[6][256];
    /* the pairs of plain classes of one shape (for questions without points): bit p for
     * the p-th pair i < j in the order (0,1) (0,2) (0,3) (1,2) (1,3) (2,3) */
    unsigned shape_pair_bits;
    /* the same for the point questions (shape[1]), and the groups of two or more places
     * of canon's by-points groups (canon_points in reach.h): each by its first place (the
     * bit of place_bits) and its number of places */
    unsigned shape_pair_bits_points;
    uint8_t n_point_groups, point_group_at[8], point_group_len[8];
} Game;

/* COMPRESS[m][x]: the bits of x at the set bits of m, packed toward bit 0 (x within m);
 * SPREAD[x]: bit j of x at bit 2j. Filled at import. */
static uint8_t COMPRESS[256][256];
static uint16_t SPREAD[256];

#define MAX_GAMES 16
#define MAX_HAND 12 /* cards one hand may hold in a question (ten, or twelve with the skat) */
static Game GAMES[MAX_GAMES];

static inline int bit(u32 m, int c) { return (int)((m >> c) & 1u); }
static inline int low_card(u32 m) { return __builtin_ctz(m); }

static inline u32 legal_of(const Game *g, u32 hand, int led) {
    if (led < 0) return hand;
    u32 f = hand & g->followers[led];
    return f ? f : hand;
}

static inline u64 places_of(const Game *g, u32 m) {
    return g->place_bits[0][m & 255] | g->place_bits[1][m >> 8 & 255] |
           g->place_bits[2][m >> 16 & 255] | g->place_bits[3][m >> 24];
}

/* The cards of `legal` worth trying, strongest first within each class: one card of each
 * run of cards no alive card of another hand separates (for point questions the run
 * must also score alike). Worked on places (each class's cards by strength, classes in
 * order; see place_bits): a legal card is left out when the nearest stronger alive card
 * of its class is legal too (and, for point questions, scores alike), i.e. when it
 * continues a run; a card gone from play does not separate a run. */
static inline u64 move_places(const Game *g, u32 legal, u32 alive, int by_points) {
    u64 L = places_of(g, legal), A = places_of(g, alive), R = L;
    for (u64 m = L; m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        u64 up = A & g->stronger[i];
        if (up) {
            int j = 63 - __builtin_clzll(up);
            if ((L >> j & 1) && (!by_points || g->points_at[i] == g->points_at[j]))
                R &= ~(1ull << i);
        }
    }
    return R;
}

/* The cards at the places `R`, strongest first (ascending places) or weakest first. */
static inline int cards_up(const Game *g, u64 R, int8_t *out, int n) {
    for (; R; R &= R - 1) out[n++] = g->card_at[__builtin_ctzll(R)];
    return n;
}

static inline int cards_down(const Game *g, u64 R, int8_t *out, int n) {
    for (; R; R &= ~(1ull << (63 - __builtin_clzll(R)))) out[n++] = g->card_at[63 - __builtin_clzll(R)];
    return n;
}

static int moves(const Game *g, u32 legal, u32 alive, int by_points, int8_t *out) {
    return cards_up(g, move_places(g, legal, alive, by_points), out, 0);
}

static inline int points_of(const Game *g, u32 m) {
    return g->byte_points[0][m & 255] + g->byte_points[1][m >> 8 & 255] +
           g->byte_points[2][m >> 16 & 255] + g->byte_points[3][m >> 24];
}

/* A mask's trumps by rank: bit r set for the trump of rank r (0 = weakest). */
static inline unsigned ranks_of(const Game *g, u32 m) {
    return g->trump_rank[0][m & 255] | g->trump_rank[1][m >> 8 & 255] |
           g->trump_rank[2][m >> 16 & 255] | g->trump_rank[3][m >> 24];
}

/* The trump class's part of a canonical form: the trumps alive (places `alive`) moved to
 * the strongest trump places, order and owners kept (`px`, `py`: the places of the code
 * bits X and Y, as in canon), added to X and Y. */
static inline void trumps_to_top(const Game *g, u64 alive, u64 px, u64 py, u32 *X, u32 *Y) {
    unsigned a0 = (unsigned)(alive >> 32) & 255u, a1 = (unsigned)(alive >> 40) & 255u;
    int n0 = __builtin_popcount(a0);
    u32 tx = COMPRESS[a0][(px >> 32) & 255u] | (u32)COMPRESS[a1][(px >> 40) & 255u] << n0;
    u32 ty = COMPRESS[a0][(py >> 32) & 255u] | (u32)COMPRESS[a1][(py >> 40) & 255u] << n0;
    *X |= g->place_cards[4][tx & 255u] | g->place_cards[5][tx >> 8];
    *Y |= g->place_cards[4][ty & 255u] | g->place_cards[5][ty >> 8];
}

/* ---- canonical positions ---------------------------------------------------- */

/* The canonical form of a position at a trick boundary: the three hands after renaming
 * cards so that equivalent positions get one name (and one transposition-table entry).
 *
 * Why it is exact: what happens from a trick boundary on depends on the cards only
 * through (a) their follow class (who must follow what; trumps or not), (b) their order
 * of strength within the class (which card wins a trick), and (c) for the point
 * questions their card points. Whose hand a card is in is kept. Any renaming of the
 * alive cards that keeps (a), (b) and (c) maps every legal line of play onto a legal
 * line with the same trick winners and the same points, and back, so every question has
 * the same answer in both positions (and the bounds and sure signs, which read only
 * (a)-(c), give the same results). Two renamings are used:
 * - within a class, the alive cards of each group (a run of cards adjacent in strength,
 *   of equal points for point questions, or the whole class otherwise) move to the
 *   strongest places of their group, keeping their order: the order across groups and
 *   within the class is kept because groups are runs, and the points of a group's places
 *   are equal;
 * - plain classes of the same shape (number of cards and, for point questions, the
 *   points at each place) are interchangeable: they are sorted by their contents. The
 *   trump class is never moved.
 * For the point questions (`by_points`, canon_points below) it is exact as well, which
 * the tests check; the points search files only the positions it searches under it, not
 * every child (see r_best). */
/* The shared end of canon_plain and canon_points: the plain classes' packed contents
 * (`cx`, `cy`: code bits 0 and 1 of each class's places) sorted among the classes of
 * one shape (`pairs`: which of the six pairs of classes share a shape), then renamed
 * into cards: hand 0 = X & ~Y, hand 1 = Y & ~X, hand 2 = X & Y. */
static inline void sort_plain_classes(const Game *g, const u32 *cx, const u32 *cy,
                                      unsigned pairs, u32 *X_out, u32 *Y_out) {
    /* desc << 2 | class: sorted, the class tells where the contents came from */
#define DESC(k) (((u64)SPREAD[cx[k]] | (u64)SPREAD[cy[k]] << 1) << 2 | (u64)(k))
    u64 v0 = DESC(0), v1 = DESC(1), v2 = DESC(2), v3 = DESC(3);
#undef DESC
    /* the same-shape pairs in canon's order: each puts the larger first, which sorts every
     * group of one shape, largest first (equal descs are equal contents) */
#define XCHG(bit, a, b)                     \
    if (pairs & (1u << (bit))) {            \
        u64 x_ = a, y_ = b;                 \
        a = x_ > y_ ? x_ : y_;              \
        b = x_ > y_ ? y_ : x_;              \
    }
    XCHG(0, v0, v1)
    XCHG(1, v0, v2)
    XCHG(2, v0, v3)
    XCHG(3, v1, v2)
    XCHG(4, v1, v3)
    XCHG(5, v2, v3)
#undef XCHG
    *X_out = g->place_cards[0][cx[v0 & 3u]] | g->place_cards[1][cx[v1 & 3u]] |
             g->place_cards[2][cx[v2 & 3u]] | g->place_cards[3][cx[v3 & 3u]];
    *Y_out = g->place_cards[0][cy[v0 & 3u]] | g->place_cards[1][cy[v1 & 3u]] |
             g->place_cards[2][cy[v2 & 3u]] | g->place_cards[3][cy[v3 & 3u]];
}

/* canon for the questions that do not count points (the claims, schwarz), the same
 * canonical form computed without a loop over places: with every card of a class in one
 * group, a card's new place is its rank among the class's alive places, so each hand's
 * places are packed (COMPRESS) within the alive ones; desc, the sort of the plain classes
 * and the renaming are those of the general form below (the tests compare the two). */
static void canon_plain(const Game *g, const u32 *h, u32 *out) {
    u64 px = places_of(g, h[0] | h[2]), py = places_of(g, h[1] | h[2]); /* code bits 0, 1 */
    u64 alive = px | py;
    u32 cx[4], cy[4];
    for (int k = 0; k < 4; k++) {
        unsigned a = (unsigned)(alive >> 8 * k) & 255u;
        cx[k] = COMPRESS[a][(px >> 8 * k) & 255u];
        cy[k] = COMPRESS[a][(py >> 8 * k) & 255u];
    }
    u32 X, Y;
    sort_plain_classes(g, cx, cy, g->shape_pair_bits, &X, &Y);
    if (g->trumps) trumps_to_top(g, alive, px, py, &X, &Y);
    out[0] = X & ~Y;
    out[1] = Y & ~X;
    out[2] = X & Y;
}

/* prepare's part for canon_points: the pairs of plain classes of one shape by points and
 * the groups of two or more places (from shape[1] and group_start[1], filled before). */
static void prepare_point_groups(Game *g) {
    g->shape_pair_bits_points = 0;
    for (int i = 0, p = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++, p++)
            if (g->shape[1][i] == g->shape[1][j]) g->shape_pair_bits_points |= 1u << p;
    g->n_point_groups = 0;
    for (int k2 = 0; k2 < 5; k2++)
        for (int i = 0; i < g->order_n[k2]; i++) {
            int n = 1;
            if (g->group_start[1][k2][i] != i) continue; /* not a group's first place */
            while (i + n < g->order_n[k2] && g->group_start[1][k2][i + n] == i) n++;
            if (n < 2 || g->n_point_groups == 8) continue; /* (Skat has at most 6) */
            g->point_group_at[g->n_point_groups] = (uint8_t)((k2 < 4 ? 8 * k2 : 32) + i);
            g->point_group_len[g->n_point_groups++] = (uint8_t)n;
        }
}

/* canon for the point questions (by_points), computed like canon_plain: within each
 * group of two or more places (point_group_at), each hand's places are packed (COMPRESS)
 * within the group's alive ones, the other places stay; then the plain classes of one
 * shape are sorted as in canon_plain. The result is canon(g, h, 1, out) (the tests
 * compare the two). */
static void canon_points(const Game *g, const u32 *h, u32 *out) {
    u64 px = places_of(g, h[0] | h[2]), py = places_of(g, h[1] | h[2]); /* code bits 0, 1 */
    u64 alive = px | py;
    for (int i = 0; i < g->n_point_groups; i++) {
        int at = g->point_group_at[i];
        u64 m = ((1ull << g->point_group_len[i]) - 1) << at;
        unsigned a = (unsigned)((alive & m) >> at);
        px = (px & ~m) | (u64)COMPRESS[a][(px & m) >> at] << at;
        py = (py & ~m) | (u64)COMPRESS[a][(py & m) >> at] << at;
    }
    u32 cx[4], cy[4];
    for (int k = 0; k < 4; k++) {
        cx[k] = (u32)(px >> 8 * k) & 255u;
        cy[k] = (u32)(py >> 8 * k) & 255u;
    }
    u32 X, Y;
    sort_plain_classes(g, cx, cy, g->shape_pair_bits_points, &X, &Y);
    X |= g->place_cards[4][(px >> 32) & 255u] | g->place_cards[5][(px >> 40) & 255u];
    Y |= g->place_cards[4][(py >> 32) & 255u] | g->place_cards[5][(py >> 40) & 255u];
    out[0] = X & ~Y;
    out[1] = Y & ~X;
    out[2] = X & Y;
}

static void canon(const Game *g, const u32 *h, int by_points, u32 *out) {
    u32 desc[5];
    u64 p0 = places_of(g, h[0]), p1 = places_of(g, h[1]), p2 = places_of(g, h[2]);
    for (int k = 0; k < 5; k++) {
        int off = k < 4 ? 8 * k : 32;
        u32 q0 = (u32)(p0 >> off) & 0xFFFFu, q1 = (u32)(p1 >> off) & 0xFFFFu,
            q2 = (u32)(p2 >> off) & 0xFFFFu;
        if (k < 4) {
            q0 &= 0xFFu;
            q1 &= 0xFFu;
            q2 &= 0xFFu;
        }
        u32 d = 0;
        int next = 0;
        const uint8_t *gs = g->group_start[by_points][k];
        for (u32 a = q0 | q1 | q2; a; a &= a - 1) { /* the alive places, strongest first */
            int i = __builtin_ctz(a);
            if (next < gs[i]) next = gs[i]; /* a new group: its strongest place */
            u32 code = (q0 >> i & 1u) | (q1 >> i & 1u) << 1 | (q2 >> i & 1u) * 3u;
            d |= code << (2 * next++);
        }
        desc[k] = d;
    }
    /* the contents of plain classes of one shape sorted, largest first */
    const u64 *shape = g->shape[by_points];
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (shape[i] == shape[j] && desc[i] < desc[j]) {
                u32 t = desc[i];
                desc[i] = desc[j];
                desc[j] = t;
            }
    out[0] = out[1] = out[2] = 0;
    for (int k = 0; k < 5; k++) {
        u32 d = desc[k];
        for (int i = 0; d; i++, d >>= 2) {
            u32 code = d & 3u;
            if (code) out[code - 1] |= 1u << g->order[k][i];
        }
    }
}
