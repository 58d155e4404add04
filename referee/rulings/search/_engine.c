/* The exact open-hand searches of referee.rulings.search, compiled.
 *
 * The same three questions as the Python oracle in force.py and reach.py (which the
 * tests compare it with), with reasoning of its own on top, each piece proven sound
 * where it is written (canonical positions, bounds, sure signs): hands are three 32-bit
 * masks (seat 0 = forehand), cards are numbered as in referee.core.cards, and every
 * rule of the game (who follows what, which card wins a trick, its points) comes from
 * the tables Python hands over in prepare(): nothing about Skat is decided here.
 *
 * No clock and no randomness: a search is bounded by a count of nodes only, so the
 * same question gives the same answer, the same line and the same count everywhere.
 * Each question builds its own tables and frees them before it returns.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

typedef uint32_t u32;
typedef uint64_t u64;

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
 * The point questions do not use it (see r_best); it is exact for them as well
 * (`by_points`), which the tests check. */
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
    /* desc << 2 | class: sorted, the class tells where the contents came from */
#define DESC(k) (((u64)SPREAD[cx[k]] | (u64)SPREAD[cy[k]] << 1) << 2 | (u64)(k))
    u64 v0 = DESC(0), v1 = DESC(1), v2 = DESC(2), v3 = DESC(3);
#undef DESC
    /* the same-shape pairs in canon's order: each puts the larger first, which sorts every
     * group of one shape, largest first (equal descs are equal contents) */
    unsigned pairs = g->shape_pair_bits;
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
    /* the hands' cards by code bit: hand 0 = X & ~Y, hand 1 = Y & ~X, hand 2 = both */
    u32 X = g->place_cards[0][cx[v0 & 3u]] | g->place_cards[1][cx[v1 & 3u]] |
            g->place_cards[2][cx[v2 & 3u]] | g->place_cards[3][cx[v3 & 3u]];
    u32 Y = g->place_cards[0][cy[v0 & 3u]] | g->place_cards[1][cy[v1 & 3u]] |
            g->place_cards[2][cy[v2 & 3u]] | g->place_cards[3][cy[v3 & 3u]];
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


/* ---- a hash table keyed by the three hands and the leader ------------------ */

/* The three hands are disjoint, so (h0|h2, h1|h2) names them in 64 bits: h2 is what the
 * two words share, h0 and h1 what each holds alone. An entry is 16 bytes, four to a cache
 * line. Where it lies in memory never changes what is found in it: the table only answers
 * "this position, this leader" or "not stored". */
typedef struct {
    u64 key;
    uint8_t tag; /* the leader + 1; 0: empty */
    uint8_t val;
    int8_t lo, hi; /* points: 0..121 */
    u32 pad;
} Entry;

typedef struct {
    Entry *slots;
    size_t cap, count;
    int failed; /* out of memory */
} Table;

static inline u64 key_of(u32 h0, u32 h1, u32 h2) {
    return (u64)(h0 | h2) | (u64)(h1 | h2) << 32;
}

/* Zeroed slots. A large table is mapped on its own and asks for 2 MB pages: measured on
 * the hill-climbed positions, with 4 KB pages most of a probe's time went to the page
 * walk of a table of tens of megabytes (the address translation, not the cache). */
#define HUGE_PAGE ((size_t)2 << 20)

static Entry *slots_alloc(size_t cap) {
    size_t bytes = cap * sizeof(Entry);
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (bytes >= HUGE_PAGE) {
        char *p = (char *)mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE,
                               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return NULL;
        size_t head = (HUGE_PAGE - (uintptr_t)p % HUGE_PAGE) % HUGE_PAGE;
        if (head) munmap(p, head);
        if (HUGE_PAGE - head) munmap(p + head + bytes, HUGE_PAGE - head);
#ifdef MADV_HUGEPAGE
        madvise(p + head, bytes, MADV_HUGEPAGE); /* a hint: without it, only slower */
#endif
        return (Entry *)(p + head);
    }
#endif
    return (Entry *)calloc(cap, sizeof(Entry));
}

static void slots_free(Entry *slots, size_t cap) {
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (cap * sizeof(Entry) >= HUGE_PAGE) {
        munmap(slots, cap * sizeof(Entry));
        return;
    }
#endif
    free(slots);
}

static int table_init(Table *t) {
    t->cap = 1 << 12;
    t->count = 0;
    t->failed = 0;
    t->slots = slots_alloc(t->cap);
    return t->slots ? 0 : -1;
}

static void table_free(Table *t) {
    if (t->slots) slots_free(t->slots, t->cap);
    t->slots = NULL;
}

static inline u64 mix(u64 key, int lead) {
    u64 x = key ^ (u64)(lead + 1) * 0x9E3779B97F4A7C15ULL;
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 31;
    return x;
}

static inline Entry *slot_of(const Table *t, u64 key, int lead) {
    return &t->slots[(size_t)mix(key, lead) & (t->cap - 1)];
}

static Entry *table_find(Table *t, u64 key, int lead) {
    size_t mask = t->cap - 1;
    size_t i = (size_t)mix(key, lead) & mask;
    uint8_t tag = (uint8_t)(lead + 1);
    for (;;) {
        Entry *e = &t->slots[i];
        if (!e->tag || (e->key == key && e->tag == tag)) return e;
        i = (i + 1) & mask;
    }
}

static inline const Entry *table_get(Table *t, u32 h0, u32 h1, u32 h2, int lead) {
    Entry *e = table_find(t, key_of(h0, h1, h2), lead);
    return e->tag ? e : NULL;
}

static int table_grow(Table *t) {
    size_t old_cap = t->cap;
    Entry *old = t->slots;
    Entry *slots = slots_alloc(old_cap * 2);
    if (!slots) return -1;
    t->slots = slots;
    t->cap = old_cap * 2;
    for (size_t i = 0; i < old_cap; i++) {
        if (!old[i].tag) continue;
        *table_find(t, old[i].key, old[i].tag - 1) = old[i];
    }
    slots_free(old, old_cap);
    return 0;
}

/* The entry for a key, created when missing (NULL when memory ran out). */
static Entry *table_put(Table *t, u32 h0, u32 h1, u32 h2, int lead) {
    u64 key = key_of(h0, h1, h2);
    Entry *e = table_find(t, key, lead);
    if (e->tag) return e;
    if ((t->count + 1) * 2 > t->cap) {
        if (table_grow(t) < 0) {
            t->failed = 1;
            return NULL;
        }
        e = table_find(t, key, lead);
    }
    e->key = key;
    e->tag = (uint8_t)(lead + 1);
    e->val = 0;
    e->lo = 0;
    e->hi = 121;
    t->count++;
    return e;
}

/* ---- what the searches share ----------------------------------------------- */

typedef struct {
    const Game *g;
    Table tt;
    long long nodes, limit;
    int stop; /* 1: node limit, 2: out of memory, 3: the heavy callback raised */
    /* after `light` nodes the search calls `on_heavy` (with the GIL, which it holds for
     * that call only) and goes on: the service's gate for long searches is entered there,
     * so a long search is not started again inside it (no work is done twice) */
    long long light;
    PyObject *on_heavy;
    PyThreadState *ts;
} Search;

static void call_heavy(Search *s) {
    PyEval_RestoreThread(s->ts);
    PyObject *r = PyObject_CallNoArgs(s->on_heavy);
    if (r) Py_DECREF(r);
    else s->stop = 3; /* the exception stays set for the caller */
    s->ts = PyEval_SaveThread();
}

static inline int count_node(Search *s) {
    if (++s->nodes > s->light) {
        if (s->nodes > s->limit) {
            s->stop = 1;
            return 0;
        }
        if (s->on_heavy && s->nodes == s->light + 1) {
            call_heavy(s);
            if (s->stop) return 0;
        }
    }
    return 1;
}

static inline int check_table(Search *s) {
    if (s->tt.failed) s->stop = 2;
    return !s->stop;
}

/* Can each trump of `theirs` fall under its own, higher trump of `mine`? */
static int all_trumps_covered(const Game *g, u32 theirs, u32 mine) {
    u32 free_ = mine;
    int n = g->order_n[4];
    for (int i = 0; i < n; i++) { /* theirs, strongest first */
        int x = g->order[4][i];
        if (!bit(theirs, x)) continue;
        int found = 0;
        for (int j = n - 1; j >= 0; j--) { /* mine, weakest first */
            int c = g->order[4][j];
            if (bit(free_, c) && bit(g->above[x], c)) {
                free_ &= ~(1u << c);
                found = 1;
                break;
            }
        }
        if (!found) return 0;
    }
    return 1;
}

typedef struct {
    int8_t seat, card;
} Play;

typedef struct {
    Play *items;
    int n, cap;
} Line;

static int line_add(Line *l, int seat, int card) {
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 32;
        Play *p = (Play *)realloc(l->items, (size_t)cap * sizeof(Play));
        if (!p) return -1;
        l->items = p;
        l->cap = cap;
    }
    l->items[l->n].seat = (int8_t)seat;
    l->items[l->n].card = (int8_t)card;
    l->n++;
    return 0;
}

/* ---- can one group force a trick (4.3.4, 4.3.5) ----------------------------- */

typedef struct {
    Search s;
    int winners, controllers;
    int strong_first[3];
    int others_vs_one, null_single;
} Force;

static int f_within(Force *f, const u32 *h, int lead, const int8_t *played, int n);

static int cashes_all(const Game *g, const u32 *h, int one) {
    u32 mine = h[one], a = h[(one + 1) % 3], b = h[(one + 2) % 3];
    if (g->trumps) {
        int my = __builtin_popcount(mine & g->trumps);
        int ta = __builtin_popcount(a & g->trumps), tb = __builtin_popcount(b & g->trumps);
        if (my < (ta > tb ? ta : tb)) return 0;
    }
    u32 theirs = a | b;
    for (u32 m = mine; m; m &= m - 1) {
        int c = low_card(m);
        if (theirs & g->class_mask[g->class_of[c]] & ~g->below[c]) return 0;
    }
    return 1;
}

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
 * so it is solved once for every such shape (at import: at most eight cards, bounds
 * clamped to eight) and read from NS_LOST. */
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

/* Fill NS_LOST (once, at import); -1 when out of memory. */
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

/* Solve every state of G'_S (once, at import); -1 when out of memory. */
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

/* A result known without search: 1, 0, or -1 (unknown). */
static int f_sure(Force *f, const u32 *h, int lead) {
    const Game *g = f->s.g;
    if (f->others_vs_one >= 0) {
        int one = f->others_vs_one;
        u32 mine = h[one] & g->trumps;
        if (g->trumps && !(all_trumps_covered(g, h[(one + 1) % 3] & g->trumps, mine) &&
                           all_trumps_covered(g, h[(one + 2) % 3] & g->trumps, mine)))
            return 1;
        if (lead == one && cashes_all(g, h, one)) return 0;
    }
    if (f->null_single >= 0) {
        int d = f->null_single;
        if (lead != d && null_safe(g, h, d)) return 0;
        if (lead != d && null_forced(g, h, d, lead)) return 1;
        if (lead != d && null_sure_safe(g, h, d)) return 0;
        u32 defs = (h[0] | h[1] | h[2]) & ~h[d];
        int can_lose = lead != d;
        for (u32 m = h[d]; m; m &= m - 1) {
            int c = low_card(m);
            if (defs & g->below[c]) return -1;
            if (defs & g->class_mask[g->class_of[c]]) can_lose = 1;
        }
        if (can_lose) return 0;
    }
    return -1;
}

static int f_boundary(Force *f, const u32 *h0, int lead) {
    if (!(h0[0] | h0[1] | h0[2])) return 0;
    u32 h[3];
    canon_plain(f->s.g, h0, h);
    const Entry *hit = table_get(&f->s.tt, h[0], h[1], h[2], lead);
    if (hit) return hit->val;
    int known = f_sure(f, h, lead);
    int result = known >= 0 ? known : f_within(f, h, lead, NULL, 0);
    if (f->s.stop) return 0;
    Entry *e = table_put(&f->s.tt, h[0], h[1], h[2], lead);
    if (!e) {
        check_table(&f->s);
        return 0;
    }
    e->val = (uint8_t)result;
    return result;
}

/* The places of `R` in the suits of `suits` (bit k: plain class k). */
static inline u64 places_in(const Game *g, u64 R, unsigned suits) {
    u64 in = 0;
    for (int k = 0; k < 4; k++)
        if (suits >> k & 1) in |= g->class_places[k];
    return R & in;
}

/* The null declarer's moves, most promising first (he wants to take no trick): leading,
 * his lowest cards; following, his highest card under the card that wins so far, then
 * the ones above it, lowest first; void, his strongest cards, the ones that could later
 * win a trick, first those of the suits whose G_S he loses (null_lost_suits: measured on
 * the hill-climbed positions, the plain strongest-first order often threw away a safe
 * suit's ace first). `R`: the moves as places (strongest first within each class,
 * classes in order); following, they are all of the led class, and the places after the
 * winning card's in its class are the cards under it. `h`: the hands, he is seat `d`. */
static int null_order(const Game *g, u64 R, int8_t *order, u32 legal, const int8_t *played,
                      int n, const u32 *h, int d) {
    if (n == 0) return cards_down(g, R, order, 0);
    u32 led_class = g->class_mask[g->class_of[played[0]]];
    if (!(legal & led_class)) { /* void: strongest first, the lost suits' cards first */
        u64 first = places_in(g, R, null_lost_suits(g, h, d));
        return cards_up(g, R & ~first, order, cards_up(g, first, order, 0));
    }
    int top = played[0];
    if (n == 2 && (g->class_mask[g->class_of[played[1]]] & led_class) &&
        bit(g->above[top], played[1]))
        top = played[1];
    u64 under = R & g->weaker[g->place_of[top]];
    return cards_down(g, R & ~under, order, cards_up(g, under, order, 0));
}

/* The null defenders' leads against the declarer `d`, most promising first: the suits
 * whose G_S he loses, then the other suits he holds, then those he lacks (a lead there
 * only lets him throw a card away); within each, the weakest cards first (as before,
 * classes from the last). Measured on the hill-climbed positions: the plain
 * weakest-first order often led a suit he lacked first. */
static int null_leads(const Game *g, u64 R, int8_t *order, const u32 *h, int d) {
    unsigned held = 0;
    for (int k = 0; k < 4; k++)
        if (h[d] & g->class_mask[k]) held |= 1u << k;
    unsigned lost = null_lost_suits(g, h, d);
    u64 first = places_in(g, R, lost), second = places_in(g, R, held & ~lost);
    int m = cards_down(g, first, order, 0);
    m = cards_down(g, second, order, m);
    return cards_down(g, R & ~first & ~second, order, m);
}

/* Null, a defender (seat `me`) following: can his card make the trick on the table go to
 * the declarer `d`? If the declarer has played, only when his card wins so far and the
 * defender holds one of the led suit under it; if the declarer is still to play, only
 * when he holds the led suit and nothing under the winning card. When it cannot, the
 * defender's card only shapes what follows, and he tries his strongest cards first,
 * keeping the low ones that can later force the declarer; otherwise his weakest first.
 * Measured on re-climbed positions: the first reply to the declarer's lead at trick 1,
 * weakest first, often failed and cost a proof of 30,000-56,000 nodes before the second
 * (a higher card, keeping the low one) won. */
static int null_trick_open(const Game *g, const u32 *h, int lead, const int8_t *played, int n,
                           int d) {
    u32 led = g->class_mask[g->class_of[played[0]]];
    int top = played[0], top_seat = lead;
    for (int i = 1; i < n; i++)
        if ((led >> played[i] & 1) && bit(g->above[top], played[i])) {
            top = played[i];
            top_seat = (lead + i) % 3;
        }
    int d_at = (d - lead + 3) % 3; /* his place in the trick */
    if (d_at < n) return top_seat == d && (h[(lead + n) % 3] & led & g->below[top]);
    u32 his = h[d] & led;
    return his && !(his & g->below[top]);
}

/* The moves of the seat to play, in the order the search tries them. */
static int f_order(Force *f, const u32 *h, int lead, const int8_t *played, int n, int8_t *order) {
    const Game *g = f->s.g;
    int seat = (lead + n) % 3;
    u32 alive = h[0] | h[1] | h[2];
    for (int i = 0; i < n; i++) alive |= 1u << played[i];
    u32 legal = legal_of(g, h[seat], n ? played[0] : -1);
    u64 R = move_places(g, legal, alive, 0);
    if (seat == f->null_single) return null_order(g, R, order, legal, played, n, h, seat);
    if (n == 0 && f->null_single >= 0) return null_leads(g, R, order, h, f->null_single);
    if (n > 0 && f->null_single >= 0 && !null_trick_open(g, h, lead, played, n, f->null_single))
        return cards_up(g, R, order, 0);
    return f->strong_first[seat] ? cards_up(g, R, order, 0) : cards_down(g, R, order, 0);
}

static int f_within(Force *f, const u32 *h, int lead, const int8_t *played, int n) {
    const Game *g = f->s.g;
    if (!count_node(&f->s)) return 0;
    int seat = (lead + n) % 3;
    int8_t order[32];
    int mine = (f->controllers >> seat) & 1, m = f_order(f, h, lead, played, n, order);
    int8_t next[3];
    for (int i = 0; i < n; i++) next[i] = played[i];
    for (int k = 0; k < m; k++) {
        int c = order[k];
        u32 hh[3] = {h[0], h[1], h[2]};
        hh[seat] &= ~(1u << c);
        int value;
        if (n == 2) {
            int o = g->outcomes[played[0] << 10 | played[1] << 5 | c];
            int w = (lead + (o & 3)) % 3;
            value = (f->winners >> w) & 1 ? 1 : f_boundary(f, hh, w);
        } else {
            next[n] = (int8_t)c;
            value = f_within(f, hh, lead, next, n + 1);
        }
        if (f->s.stop) return 0;
        if (value == mine) return value;
    }
    return !mine;
}

static int f_value_after(Force *f, const u32 *h, int lead, const int8_t *played, int n) {
    if (n == 3) {
        int o = f->s.g->outcomes[played[0] << 10 | played[1] << 5 | played[2]];
        int w = (lead + (o & 3)) % 3;
        return ((f->winners >> w) & 1) || f_boundary(f, h, w);
    }
    if (n == 0) return f_boundary(f, h, lead);
    return f_within(f, h, lead, played, n);
}

/* A plain class's layout over the three hands: its alive cards' count and each hand's
 * share, packed within the alive ones (equal layouts: the same class up to renaming). */
static inline u32 class_layout(const Game *g, const u32 *h, int k) {
    unsigned q[3], alive = 0;
    for (int i = 0; i < 3; i++) alive |= q[i] = (unsigned)(places_of(g, h[i]) >> 8 * k) & 255u;
    return (u32)__builtin_popcount(alive) | (u32)COMPRESS[alive][q[0]] << 4 |
           (u32)COMPRESS[alive][q[1]] << 12 | (u32)COMPRESS[alive][q[2]] << 20;
}

/* Without trumps: the renaming `fwd` (card -> card, for the alive cards) that takes `h`
 * to its canonical form `hc` (canon_plain): each class goes to a canonical class of the
 * same layout (classes of equal layout are interchangeable), its alive cards in order of
 * strength to that class's. */
static void canon_renaming(const Game *g, const u32 *h, const u32 *hc, int8_t *fwd) {
    unsigned used = 0;
    for (int o = 0; o < 4; o++) {
        u32 lay = class_layout(g, h, o);
        int i = 0;
        while (i < 4 && ((used >> i & 1) || class_layout(g, hc, i) != lay)) i++;
        if (i == 4) return; /* not reached: hc is h renamed */
        used |= 1u << i;
        u64 from = places_of(g, h[0] | h[1] | h[2]) >> 8 * o & 255u;
        u64 to = places_of(g, hc[0] | hc[1] | hc[2]) >> 8 * i & 255u;
        for (; from; from &= from - 1, to &= to - 1)
            fwd[g->card_at[8 * o + __builtin_ctzll(from)]] = g->card_at[8 * i + __builtin_ctzll(to)];
    }
}

/* One line of play that keeps the proven value: to the first trick for the winners
 * (a yes) or to the last card (a no). For null (`null_single`) the moves are tried in the
 * search's order, so the first one tried is usually the one the search proved (its value
 * read from the table or found at once); in the plain order of strength the line of a
 * hill-climbed null claim cost up to 47,210 nodes after a search of 17 (the defenders'
 * strongest replies first, each a full proof that it fails). */
static int f_line(Force *f, const u32 *h0, int lead, const int8_t *played0, int n, int result,
                  Line *line) {
    const Game *g = f->s.g;
    u32 h[3] = {h0[0], h0[1], h0[2]};
    int8_t played[3];
    for (int i = 0; i < n; i++) played[i] = played0[i];
    /* null: at each trick boundary the line goes on in the canonical position, as the
     * search did (so the search's order meets the moves it proved); `real` names each
     * card of it in the position asked about */
    int renamed = f->null_single >= 0 && !g->trumps;
    int8_t real[32];
    for (int c = 0; c < 32; c++) real[c] = (int8_t)c;
    for (;;) {
        if (n == 3) {
            int o = g->outcomes[played[0] << 10 | played[1] << 5 | played[2]];
            int w = (lead + (o & 3)) % 3;
            if (((f->winners >> w) & 1) || !(h[0] | h[1] | h[2])) return 0;
            lead = w;
            n = 0;
        }
        if (!(h[0] | h[1] | h[2])) return 0;
        if (renamed && n == 0) {
            u32 hc[3];
            int8_t fwd[32], was[32];
            canon_plain(g, h, hc);
            canon_renaming(g, h, hc, fwd);
            memcpy(was, real, sizeof was);
            for (u32 m = h[0] | h[1] | h[2]; m; m &= m - 1) real[fwd[low_card(m)]] = was[low_card(m)];
            h[0] = hc[0];
            h[1] = hc[1];
            h[2] = hc[2];
        }
        int seat = (lead + n) % 3;
        u32 alive = h[0] | h[1] | h[2];
        for (int i = 0; i < n; i++) alive |= 1u << played[i];
        int8_t order[32];
        int m = f->null_single >= 0
                    ? f_order(f, h, lead, played, n, order)
                    : moves(g, legal_of(g, h[seat], n ? played[0] : -1), alive, 0, order);
        int found = 0;
        for (int k = 0; k < m; k++) {
            int c = order[k];
            u32 hh[3] = {h[0], h[1], h[2]};
            hh[seat] &= ~(1u << c);
            played[n] = (int8_t)c;
            int v = f_value_after(f, hh, lead, played, n + 1);
            if (f->s.stop) return 0;
            if (v == result) {
                if (line_add(line, seat, real[c]) < 0) return -1;
                h[0] = hh[0];
                h[1] = hh[1];
                h[2] = hh[2];
                n++;
                found = 1;
                break;
            }
        }
        if (!found) return 0;
    }
}

/* ---- cooperative: can the declarer take every trick (4.1.5, 5.4.3) ----------- */

typedef struct {
    Search s;
    int d;
} Sweep;

static int sw_sweep(Sweep *w, const u32 *h0);

/* The first trick (declarer's card, then the next two seats') from `h`, the declarer on
 * lead, that he wins and after which he can still win every trick: 1 and the trick in
 * `tc`, or 0. */
static int sw_first(Sweep *w, const u32 *h, int8_t *tc) {
    const Game *g = w->s.g;
    int d = w->d, s1 = (d + 1) % 3, s2 = (d + 2) % 3;
    u32 alive = h[0] | h[1] | h[2];
    int8_t m0[32], m1[32], m2[32];
    int n0 = moves(g, h[d], alive, 0, m0);
    u32 h1 = h[s1], h2 = h[s2];
    for (int i = 0; i < n0; i++) {
        int c0 = m0[i];
        u32 fo = g->followers[c0], under = ~g->beaten_by[c0];
        u32 l1 = ((h1 & fo) ? (h1 & fo) : h1) & under;
        u32 l2 = ((h2 & fo) ? (h2 & fo) : h2) & under;
        if (!(l1 && l2)) continue;
        int n1 = moves(g, l1, alive, 0, m1);
        int n2 = moves(g, l2, alive, 0, m2);
        for (int a = 0; a < n1; a++) {
            for (int b = 0; b < n2; b++) {
                u32 child[3];
                child[d] = h[d] & ~(1u << c0);
                child[s1] = h1 & ~(1u << m1[a]);
                child[s2] = h2 & ~(1u << m2[b]);
                int r = sw_sweep(w, child);
                if (w->s.stop) return 0;
                if (r) {
                    tc[0] = (int8_t)c0;
                    tc[1] = m1[a];
                    tc[2] = m2[b];
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* Can the declarer, on lead, win every trick left? (a proven answer is stored either
 * way, under the canonical position) */
static int sw_sweep(Sweep *w, const u32 *h0) {
    const Game *g = w->s.g;
    if (!(h0[0] | h0[1] | h0[2])) return 1;
    u32 h[3];
    canon_plain(g, h0, h);
    const Entry *hit = table_get(&w->s.tt, h[0], h[1], h[2], 0);
    if (hit) return hit->val;
    if (!count_node(&w->s)) return 0;
    int d = w->d, s1 = (d + 1) % 3, s2 = (d + 2) % 3;
    u32 tr = g->trumps;
    int8_t tc[3];
    int ok = 0;
    if (!tr || (all_trumps_covered(g, h[s1] & tr, h[d] & tr) &&
                all_trumps_covered(g, h[s2] & tr, h[d] & tr)))
        ok = sw_first(w, h, tc);
    if (w->s.stop) return 0;
    Entry *e = table_put(&w->s.tt, h[0], h[1], h[2], 0);
    if (!e) return check_table(&w->s), 0;
    e->val = (uint8_t)ok;
    return ok;
}

/* Every way to finish the trick on the table (one card per run of equivalent cards). */
typedef struct {
    u32 h[3];
    int8_t cards[3];
    int8_t winner, pts;
} Finish;

typedef struct {
    Finish *items;
    int n, cap;
} Finishes;

static int finish_rec(const Game *g, const u32 *h, int lead, int8_t *played, int n, int by_points,
                      Finishes *out) {
    if (n == 3) {
        if (out->n == out->cap) {
            int cap = out->cap ? out->cap * 2 : 256;
            Finish *p = (Finish *)realloc(out->items, (size_t)cap * sizeof(Finish));
            if (!p) return -1;
            out->items = p;
            out->cap = cap;
        }
        int o = g->outcomes[played[0] << 10 | played[1] << 5 | played[2]];
        Finish *fi = &out->items[out->n++];
        fi->h[0] = h[0];
        fi->h[1] = h[1];
        fi->h[2] = h[2];
        memcpy(fi->cards, played, 3);
        fi->winner = (int8_t)((lead + (o & 3)) % 3);
        fi->pts = (int8_t)(o >> 2);
        return 0;
    }
    int seat = (lead + n) % 3;
    u32 alive = h[0] | h[1] | h[2];
    for (int i = 0; i < n; i++) alive |= 1u << played[i];
    int8_t order[32];
    int m = moves(g, legal_of(g, h[seat], n ? played[0] : -1), alive, by_points, order);
    for (int k = 0; k < m; k++) {
        u32 hh[3] = {h[0], h[1], h[2]};
        hh[seat] &= ~(1u << order[k]);
        played[n] = order[k];
        if (finish_rec(g, hh, lead, played, n + 1, by_points, out) < 0) return -1;
    }
    return 0;
}

/* The tricks in the order r_best tries them: the declarer's by points, most first, then
 * the others by points, fewest first (a stable insertion sort: the lists are short). */
static void sort_finishes(Finishes *fin, int declarer) {
    for (int i = 1; i < fin->n; i++) {
        Finish x = fin->items[i];
        int kx = x.winner == declarer ? -x.pts : 100 + x.pts;
        int j = i;
        for (; j > 0; j--) {
            const Finish *y = &fin->items[j - 1];
            int ky = y->winner == declarer ? -y->pts : 100 + y->pts;
            if (ky <= kx) break;
            fin->items[j] = *y;
        }
        fin->items[j] = x;
    }
}

static void without(u32 *h, int lead, const int8_t *cards) {
    for (int i = 0; i < 3; i++) h[(lead + i) % 3] &= ~(1u << cards[i]);
}

/* ---- cooperative: can the declarer reach N more card points (4.1.5, 5.4.3) -- */

/* sure_loss's trump part for one holding of trumps (by rank) of the three hands */
typedef struct {
    u64 key; /* 0: empty */
    uint8_t loss1, loss2, k;
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

typedef struct {
    Search s;
    int d, d1, d2; /* the declarer and the seats after him */
    TrumpMemo *memo; /* 1 << TRUMP_MEMO_BITS entries */
    LowMemo *lows;   /* 1 << LOW_MEMO_BITS entries (NULL where the points bound is not used) */
    Table wt; /* w_best: bounds on the tricks the declarer can still win (slots NULL until used) */
    Table et; /* esc_search: whether a defender can escape (slots NULL until used) */
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
    LowMemo *e = &memo[((u64)m * 0x9E3779B97F4A7C15ULL) >> (64 - LOW_MEMO_BITS)];
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
    TrumpMemo *e = &memo[(key * 0x9E3779B97F4A7C15ULL) >> (64 - TRUMP_MEMO_BITS)];
    if (e->key != key) {
        e->key = key;
        e->loss1 = (uint8_t)trump_loss(g, t1, mine);
        e->loss2 = (uint8_t)trump_loss(g, t2, mine);
        int u1 = uncovered_trumps(g, t1, mine), u2 = uncovered_trumps(g, t2, mine);
        e->k = (uint8_t)(u1 > u2 ? u1 : u2);
    }
    return e;
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
    return lowest_points_of(g, lm, h[d], k) + (loss1 > low1 ? loss1 : low1) +
           (loss2 > low2 ? loss2 : low2);
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

/* The tricks worth trying from `h` (`lead` on lead) toward `need` more points, in the
 * order they are tried: the declarer's by points, most first, then the others by points,
 * fewest first; a trick the declarer loses is left out when its points leave too little
 * for the rest (`*fail_out`: the most such a trick could still give). */
static int r_children(Reach *r, const u32 *h, int lead, int need, int rem, Cand *sorted,
                      int *fail_out) {
    const Game *g = r->s.g;
    int d = r->d, s1 = (lead + 1) % 3, s2 = (lead + 2) % 3;
    u32 h1 = h[s1], h2 = h[s2], alive = h[0] | h[1] | h[2];
    Cand won[MAX_HAND * MAX_HAND * MAX_HAND], lost[MAX_HAND * MAX_HAND * MAX_HAND];
    int nw = 0, nl = 0, fail = 0, slack = rem - need;
    int8_t m0[32], mf1[5][32], mf2[5][32];
    int nf1[5] = {-1, -1, -1, -1, -1}, nf2[5] = {-1, -1, -1, -1, -1};
    int n0 = moves(g, h[lead], alive, 1, m0);
    const int seat_of[4] = {lead, s1, s2, lead}; /* the winner's seat by its place */
    /* each follower's moves from his whole hand, once: a run lies within one class, so
     * his moves when he must follow a class are these moves of that class */
    u64 r1 = move_places(g, h1, alive, 1), r2 = move_places(g, h2, alive, 1);
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
                int pts = o >> 2;
                int w = seat_of[o & 3];
                Cand cd = {(uint8_t)pts, (uint8_t)c0, (uint8_t)m1[a], (uint8_t)m2[b], (uint8_t)w};
                if (w == d) {
                    won[nw++] = cd;
                } else if (pts > slack) {
                    if (rem - pts > fail) fail = rem - pts;
                } else {
                    lost[nl++] = cd;
                }
            }
        }
    }
    /* won tricks by points, most first; lost ones by points, fewest first (ties keep the
     * order the tricks were made in) */
    *fail_out = fail;
    sort_cands(sorted, won, nw, 1);
    sort_cands(sorted + nw, lost, nl, 0);
    return nw + nl;
}

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
    const Game *g = r->s.g;
    int d = r->d, s1 = (lead + 1) % 3, s2 = (lead + 2) % 3;
    u32 h1 = h[s1], h2 = h[s2], alive = h[0] | h[1] | h[2];
    Cand lost[MAX_HAND * MAX_HAND * MAX_HAND];
    int nw = 0, nl = 0;
    int8_t m0[32], mf1[5][32], mf2[5][32];
    int nf1[5] = {-1, -1, -1, -1, -1}, nf2[5] = {-1, -1, -1, -1, -1};
    int n0 = moves(g, h[lead], alive, 0, m0);
    const int seat_of[4] = {lead, s1, s2, lead};
    u64 r1 = move_places(g, h1, alive, 0), r2 = move_places(g, h2, alive, 0);
    for (int i = 0; i < n0; i++) {
        int c0 = m0[i];
        int k0 = g->class_of[c0];
        if (nf1[k0] < 0) {
            u32 fo = g->followers[c0];
            u64 cp = g->class_places[k0];
            nf1[k0] = cards_up(g, (h1 & fo) ? r1 & cp : r1, mf1[k0], 0);
            nf2[k0] = cards_up(g, (h2 & fo) ? r2 & cp : r2, mf2[k0], 0);
        }
        const int8_t *m1 = mf1[k0], *m2 = mf2[k0];
        int n1 = nf1[k0], n2 = nf2[k0];
        for (int a = 0; a < n1; a++) {
            int b1 = c0 << 10 | m1[a] << 5;
            for (int b = 0; b < n2; b++) {
                int w = seat_of[g->outcomes[b1 | m2[b]] & 3];
                Cand cd = {(uint8_t)(w == d), (uint8_t)c0, (uint8_t)m1[a], (uint8_t)m2[b],
                           (uint8_t)w};
                if (w == d) out[nw++] = cd;
                else lost[nl++] = cd;
            }
        }
    }
    memcpy(out + nw, lost, (size_t)nl * sizeof(Cand));
    return nw + nl;
}

/* The table of w_best, made when first asked and small at first (it grows as needed): most
 * questions are settled in a few positions, and zeroing a larger table would cost more. */
static int w_table_init(Table *t) {
    t->cap = 1 << 8;
    t->count = 0;
    t->failed = 0;
    t->slots = slots_alloc(t->cap);
    return t->slots ? 0 : -1;
}

/* Fail-soft, like r_best: a value >= need: the declarer can win that many more tricks; a
 * value < need bounds the most he can win. Bounded by the tricks left less those the
 * defenders win with trumps he cannot cover one for one (sure_loss's count), and 0 when
 * he never wins a trick again (never_wins). */
static int w_best(Reach *r, const u32 *h0, int lead, int need) {
    const Game *g = r->s.g;
    if (need <= 0) return 0;
    int d = r->d;
    int n = __builtin_popcount(h0[d]);
    if (n < need) return n;
    unsigned rk[3] = {ranks_of(g, h0[0]), ranks_of(g, h0[1]), ranks_of(g, h0[2])};
    const TrumpMemo *tp = trump_part(g, r->memo, rk, d, r->d1, r->d2);
    int top = n - (tp ? tp->k : 0);
    if (top < need) return top;
    if (never_wins(g, h0, d, lead)) return 0;
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
    int s1 = (lead + 1) % 3, s2 = (lead + 2) % 3;
    Cand kids[MAX_HAND * MAX_HAND * MAX_HAND];
    int nk = w_children(r, h, lead, kids);
    int fail = 0;
    for (int i = 0; i < nk; i++) {
        const Cand *cd = &kids[i];
        u32 child[3] = {h[0], h[1], h[2]};
        child[lead] &= ~(1u << cd->c0);
        child[s1] &= ~(1u << cd->c1);
        child[s2] &= ~(1u << cd->c2);
        int v = cd->pts + w_best(r, child, cd->w, need - cd->pts);
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

/* The points bound of a position (`tp`: its trump part, `rem`: its points, `n` tricks
 * left) when the declarer wins at most `w` more tricks. */
static inline int bound_if(Reach *r, const TrumpMemo *tp, const u32 *h, int rem, int n, int w) {
    int k = n - w, kt = tp ? tp->k : 0;
    return rem - loss_with(r->s.g, r->lows, tp, h, k > kt ? k : kt, r->d, r->d1, r->d2);
}

/* A tighter bound than `bound` (>= need) when the tricks the declarer can win are too few:
 * the fewest tricks w at which bound_if reaches `need` is asked of w_best, and if he
 * cannot win them, the bound at the most he can win is returned (< need); else `bound`. */
static int trick_bound(Reach *r, const u32 *h, const unsigned *rk, int rem, int lead, int need,
                       int bound) {
    int n = __builtin_popcount(h[r->d]);
    const TrumpMemo *tp = trump_part(r->s.g, r->memo, rk, r->d, r->d1, r->d2);
    int top = n - (tp ? tp->k : 0); /* bound_if(top) is `bound` */
    int w = top;
    while (w > 0 && bound_if(r, tp, h, rem, n, w - 1) >= need) w--;
    if (w == 0) return bound;
    int most = w_best(r, h, lead, w);
    if (r->s.stop || most >= w) return bound;
    return bound_if(r, tp, h, rem, n, most);
}

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

/* ---- Python glue --------------------------------------------------------- */

static int read_u32s(PyObject *seq, u32 *out, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %zd values", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (u32)v;
    }
    Py_DECREF(fast);
    return 0;
}

static int read_bytes(PyObject *obj, uint8_t *out, Py_ssize_t n, const char *what) {
    char *buf;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(obj, &buf, &len) < 0) return -1;
    if (len != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd bytes", what, n);
        return -1;
    }
    memcpy(out, buf, (size_t)n);
    return 0;
}

/* Tables the bounds read instead of looping over cards. */
static void derive(Game *g) {
    int n = g->order_n[4];
    g->n_trumps = (uint8_t)n;
    int rank_of[32];
    for (int c = 0; c < 32; c++) rank_of[c] = -1;
    for (int i = 0; i < n; i++) rank_of[g->order[4][i]] = n - 1 - i;
    for (int c = 0; c < 32; c++) g->rank_bit[c] = (uint16_t)(rank_of[c] >= 0 ? 1u << rank_of[c] : 0);
    for (int j = 0; j < 4; j++) {
        for (int b = 0; b < 256; b++) {
            int pts = 0, ranks = 0;
            for (int i = 0; i < 8; i++) {
                if (!(b >> i & 1)) continue;
                int c = 8 * j + i;
                pts += g->points[c];
                if (rank_of[c] >= 0) ranks |= 1 << rank_of[c];
            }
            g->byte_points[j][b] = (uint8_t)pts;
            u32 beat = 0;
            for (int i = 0; i < 8; i++)
                if (b >> i & 1) beat |= g->beaten_by[8 * j + i];
            g->byte_beaters[j][b] = beat;
            g->trump_rank[j][b] = (uint16_t)ranks;
        }
    }
    for (int r = 0; r < 16; r++) g->rank_above[r] = (uint16_t)(((1u << n) - 1) & ~((2u << r) - 1));
    /* by points, most first; ties by card number (as trump_loss in reach.py) */
    int k = 0;
    for (int p = 11; p >= 0; p--)
        for (int c = 0; c < 32; c++)
            if (rank_of[c] >= 0 && g->points[c] == p) {
                g->loss_order[k] = (int8_t)rank_of[c];
                g->loss_points[k] = (uint8_t)p;
                k++;
            }
    for (int c = 0; c < 32; c++) g->point_mask[g->points[c] < 12 ? g->points[c] : 11] |= 1u << c;
    for (int bp = 0; bp < 2; bp++) {
        for (int k2 = 0; k2 < 5; k2++) {
            u64 shape = g->order_n[k2];
            for (int i = 0; i < g->order_n[k2]; i++) {
                int c = g->order[k2][i], prev = i ? g->order[k2][i - 1] : -1;
                int same = i > 0 && (!bp || g->points[c] == g->points[prev]);
                g->group_start[bp][k2][i] = (uint8_t)(same ? g->group_start[bp][k2][i - 1] : i);
                if (bp) shape |= (u64)(g->points[c] & 15) << (4 + 4 * i);
            }
            if (k2 < 4) g->shape[bp][k2] = shape;
        }
    }
    memset(g->place_bits, 0, sizeof g->place_bits);
    for (int k2 = 0; k2 < 5; k2++)
        for (int i = 0; i < g->order_n[k2]; i++) {
            int c = g->order[k2][i], off = k2 < 4 ? 8 * k2 : 32;
            for (int b = 0; b < 256; b++)
                if (b >> (c & 7) & 1) g->place_bits[c >> 3][b] |= 1ull << (off + i);
            g->card_at[off + i] = (int8_t)c;
            g->points_at[off + i] = g->points[c];
            g->stronger[off + i] = ((1ull << i) - 1) << off;
            g->weaker[off + i] = (((1ull << g->order_n[k2]) - 1) & ~((2ull << i) - 1)) << off;
            g->place_of[c] = (uint8_t)(off + i);
            g->class_places[k2] |= 1ull << (off + i);
        }
    memset(g->place_cards, 0, sizeof g->place_cards);
    for (int k2 = 0; k2 < 5; k2++)
        for (int i = 0; i < g->order_n[k2]; i++) {
            int t = k2 < 4 ? k2 : 4 + i / 8;
            for (int b = 0; b < 256; b++)
                if (b >> (i % 8) & 1) g->place_cards[t][b] |= 1u << g->order[k2][i];
        }
    g->shape_pair_bits = 0;
    for (int i = 0, p = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++, p++)
            if (g->shape[0][i] == g->shape[0][j]) g->shape_pair_bits |= 1u << p;
    g->n_point_values = 0;
    for (int p = 0; p < 12; p++)
        if (g->point_mask[p]) g->point_values[g->n_point_values++] = (uint8_t)p;
}

static PyObject *py_prepare(PyObject *self, PyObject *args) {
    int index;
    unsigned long trumps;
    PyObject *class_of, *order, *class_mask, *above, *below, *beaten_by, *followers, *points,
        *outcomes;
    if (!PyArg_ParseTuple(args, "ikOOOOOOOOO", &index, &trumps, &class_of, &order, &class_mask,
                          &above, &below, &beaten_by, &followers, &points, &outcomes))
        return NULL;
    if (index < 0 || index >= MAX_GAMES) {
        PyErr_SetString(PyExc_ValueError, "game index out of range");
        return NULL;
    }
    Game g;
    memset(&g, 0, sizeof g);
    g.trumps = (u32)trumps;
    if (read_bytes(class_of, g.class_of, 32, "class_of") < 0 ||
        read_u32s(class_mask, g.class_mask, 5, "class_mask") < 0 ||
        read_u32s(above, g.above, 32, "above") < 0 || read_u32s(below, g.below, 32, "below") < 0 ||
        read_u32s(beaten_by, g.beaten_by, 32, "beaten_by") < 0 ||
        read_u32s(followers, g.followers, 32, "followers") < 0 ||
        read_bytes(points, g.points, 32, "points") < 0 ||
        read_bytes(outcomes, g.outcomes, 32768, "outcomes") < 0)
        return NULL;
    PyObject *fast = PySequence_Fast(order, "order");
    if (!fast) return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != 5) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "order: expected 5 classes");
        return NULL;
    }
    for (int k = 0; k < 5; k++) {
        PyObject *cl = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, k), "order class");
        if (!cl) {
            Py_DECREF(fast);
            return NULL;
        }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(cl);
        if (n > (k < 4 ? 8 : 16)) { /* canon's places: 8 per plain class, 16 trumps */
            Py_DECREF(cl);
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "order: too many cards in a class");
            return NULL;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(cl, i));
            if ((c < 0 || c > 31) && !PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "order: card out of range");
            if (PyErr_Occurred()) {
                Py_DECREF(cl);
                Py_DECREF(fast);
                return NULL;
            }
            g.order[k][i] = (int8_t)c;
        }
        g.order_n[k] = (uint8_t)n;
        Py_DECREF(cl);
    }
    Py_DECREF(fast);
    for (int c = 0; c < 32; c++)
        if (g.followers[c] != g.class_mask[g.class_of[c]]) {
            PyErr_SetString(PyExc_ValueError, "followers: not the card's class");
            return NULL;
        }
    derive(&g);
    g.ready = 1;
    GAMES[index] = g;
    Py_RETURN_NONE;
}

static int parse_position(PyObject *hands, PyObject *played, u32 *h, int8_t *cards, int *n) {
    if (read_u32s(hands, h, 3, "hands") < 0) return -1;
    for (int s = 0; s < 3; s++) {
        if (__builtin_popcount(h[s]) > MAX_HAND) {
            PyErr_SetString(PyExc_ValueError, "a hand holds more than twelve cards");
            return -1;
        }
    }
    if ((h[0] & h[1]) || (h[0] & h[2]) || (h[1] & h[2])) {
        PyErr_SetString(PyExc_ValueError, "a card is in two hands");
        return -1;
    }
    PyObject *fast = PySequence_Fast(played, "played");
    if (!fast) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
    if (k > 2) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "at most two cards on the table");
        return -1;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if ((c < 0 || c > 31) && !PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "card out of range");
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        cards[i] = (int8_t)c;
    }
    *n = (int)k;
    Py_DECREF(fast);
    return 0;
}

static const Game *game_at(int index) {
    if (index < 0 || index >= MAX_GAMES || !GAMES[index].ready) {
        PyErr_SetString(PyExc_ValueError, "game tables not prepared");
        return NULL;
    }
    return &GAMES[index];
}

/* (answer, [(seat, card), ...], nodes); answer None when the search stopped at its limit. */
static PyObject *result(int stop, int answer, const Line *line, long long nodes) {
    if (stop == 3) return NULL;
    if (stop == 2) return PyErr_NoMemory();
    PyObject *lst = PyList_New(stop ? 0 : line->n);
    if (!lst) return NULL;
    if (!stop) {
        for (int i = 0; i < line->n; i++) {
            PyObject *t = Py_BuildValue("(ii)", line->items[i].seat, line->items[i].card);
            if (!t) {
                Py_DECREF(lst);
                return NULL;
            }
            PyList_SET_ITEM(lst, i, t);
        }
    }
    PyObject *ans = stop ? Py_None : (answer ? Py_True : Py_False);
    return Py_BuildValue("(ONL)", ans, lst, nodes);
}

static int search_init(Search *s, const Game *g, long long limit, long long light,
                       PyObject *on_heavy) {
    s->g = g;
    s->nodes = 0;
    s->limit = limit;
    s->stop = 0;
    s->on_heavy = on_heavy == Py_None ? NULL : on_heavy;
    s->light = s->on_heavy && light < limit ? light : limit;
    s->ts = NULL;
    if (table_init(&s->tt) < 0) return -1;
    return 0;
}

static PyObject *py_force(PyObject *self, PyObject *args) {
    int game, leader, winners, controllers, is_null;
    long long limit, light = 0;
    PyObject *hands, *played, *on_heavy = Py_None;
    if (!PyArg_ParseTuple(args, "iOiOiiiL|LO", &game, &hands, &leader, &played, &winners,
                          &controllers, &is_null, &limit, &light, &on_heavy))
        return NULL;
    const Game *g = game_at(game);
    if (!g) return NULL;
    u32 h[3];
    int8_t cards[3];
    int n;
    if (parse_position(hands, played, h, cards, &n) < 0) return NULL;
    if (leader < 0 || leader > 2) {
        PyErr_SetString(PyExc_ValueError, "leader out of range");
        return NULL;
    }
    Force f;
    if (search_init(&f.s, g, limit, light, on_heavy) < 0) return PyErr_NoMemory();
    for (int s = 0; s < 3; s++)
        f.strong_first[s] = ((winners >> s) & 1) == ((controllers >> s) & 1);
    f.winners = winners;
    f.controllers = controllers;
    f.others_vs_one = -1;
    if (winners == controllers && __builtin_popcount((unsigned)controllers) == 2)
        f.others_vs_one = __builtin_ctz(7u & ~(unsigned)controllers);
    f.null_single = -1;
    if (is_null && __builtin_popcount((unsigned)winners) == 1 &&
        controllers == (int)(7u & ~(unsigned)winners))
        f.null_single = __builtin_ctz((unsigned)winners);
    Line line = {NULL, 0, 0};
    int answer = 0, rc = 0;
    f.s.ts = PyEval_SaveThread();
    answer = f_value_after(&f, h, leader, cards, n);
    if (!f.s.stop) rc = f_line(&f, h, leader, cards, n, answer, &line);
    PyEval_RestoreThread(f.s.ts);
    table_free(&f.s.tt);
    PyObject *out = rc < 0 ? PyErr_NoMemory() : result(f.s.stop, answer, &line, f.s.nodes);
    free(line.items);
    return out;
}

static PyObject *py_take_all(PyObject *self, PyObject *args) {
    int game, leader, declarer;
    long long limit, light = 0;
    PyObject *hands, *played, *on_heavy = Py_None;
    if (!PyArg_ParseTuple(args, "iOiOiL|LO", &game, &hands, &leader, &played, &declarer, &limit,
                          &light, &on_heavy))
        return NULL;
    const Game *g = game_at(game);
    if (!g) return NULL;
    u32 h[3];
    int8_t cards[3];
    int n;
    if (parse_position(hands, played, h, cards, &n) < 0) return NULL;
    if (leader < 0 || leader > 2 || declarer < 0 || declarer > 2) {
        PyErr_SetString(PyExc_ValueError, "seat out of range");
        return NULL;
    }
    Sweep w;
    if (search_init(&w.s, g, limit, light, on_heavy) < 0) return PyErr_NoMemory();
    w.d = declarer;
    Line line = {NULL, 0, 0};
    Finishes fin = {NULL, 0, 0};
    int answer = 0, rc = 0;
    w.s.ts = PyEval_SaveThread();
    rc = finish_rec(g, h, leader, cards, n, 0, &fin);
    for (int i = 0; rc == 0 && i < fin.n && !w.s.stop; i++) {
        const Finish *fi = &fin.items[i];
        if (fi->winner != declarer || !sw_sweep(&w, fi->h) || w.s.stop) continue;
        answer = 1;
        for (int k = n; k < 3 && rc == 0; k++) rc = line_add(&line, (leader + k) % 3, fi->cards[k]);
        u32 hh[3] = {fi->h[0], fi->h[1], fi->h[2]};
        while (rc == 0 && (hh[0] | hh[1] | hh[2])) {
            int8_t tc[3];
            if (!sw_first(&w, hh, tc)) break; /* cannot happen: a proven sweep has a trick */
            for (int k = 0; k < 3 && rc == 0; k++) rc = line_add(&line, (declarer + k) % 3, tc[k]);
            without(hh, declarer, tc);
        }
        break;
    }
    PyEval_RestoreThread(w.s.ts);
    table_free(&w.s.tt);
    free(fin.items);
    PyObject *out = rc < 0 ? PyErr_NoMemory() : result(w.s.stop, answer, &line, w.s.nodes);
    free(line.items);
    return out;
}

static PyObject *py_reach(PyObject *self, PyObject *args) {
    int game, leader, declarer, needed;
    long long limit, light = 0;
    PyObject *hands, *played, *on_heavy = Py_None;
    if (!PyArg_ParseTuple(args, "iOiOiiL|LO", &game, &hands, &leader, &played, &declarer, &needed,
                          &limit, &light, &on_heavy))
        return NULL;
    const Game *g = game_at(game);
    if (!g) return NULL;
    u32 h[3];
    int8_t cards[3];
    int n;
    if (parse_position(hands, played, h, cards, &n) < 0) return NULL;
    if (leader < 0 || leader > 2 || declarer < 0 || declarer > 2) {
        PyErr_SetString(PyExc_ValueError, "seat out of range");
        return NULL;
    }
    Line line = {NULL, 0, 0};
    if (needed <= 0) return result(0, 1, &line, 0);
    Reach r;
    r.memo = (TrumpMemo *)calloc((size_t)1 << TRUMP_MEMO_BITS, sizeof(TrumpMemo));
    r.lows = (LowMemo *)calloc((size_t)1 << LOW_MEMO_BITS, sizeof(LowMemo));
    if (!r.memo || !r.lows || search_init(&r.s, g, limit, light, on_heavy) < 0) {
        free(r.memo);
        free(r.lows);
        return PyErr_NoMemory();
    }
    r.wt.slots = NULL; /* made when first asked (w_best) */
    r.et.slots = NULL; /* made when first asked (esc_search) */
    r.d = declarer;
    r.d1 = (declarer + 1) % 3;
    r.d2 = (declarer + 2) % 3;
    Finishes fin = {NULL, 0, 0};
    int answer = 0, rc = 0;
    r.s.ts = PyEval_SaveThread();
    rc = finish_rec(g, h, leader, cards, n, 1, &fin);
    if (rc == 0) sort_finishes(&fin, declarer);
    for (int i = 0; rc == 0 && i < fin.n && !r.s.stop; i++) {
        const Finish *fi = &fin.items[i];
        int gain = fi->winner == declarer ? fi->pts : 0;
        int v = gain + r_value(&r, fi->h, fi->winner, needed - gain);
        if (r.s.stop || v < needed) continue;
        answer = 1;
        for (int k = n; k < 3 && rc == 0; k++) rc = line_add(&line, (leader + k) % 3, fi->cards[k]);
        int need = needed - gain, lead = fi->winner;
        u32 hh[3] = {fi->h[0], fi->h[1], fi->h[2]};
        while (rc == 0 && need > 0) {
            int8_t tc[3];
            int got = r_first(&r, hh, lead, need, tc);
            if (r.s.stop || got < 0) break; /* cannot happen: a reached bound has a trick */
            for (int k = 0; k < 3 && rc == 0; k++) rc = line_add(&line, (lead + k) % 3, tc[k]);
            int o = g->outcomes[tc[0] << 10 | tc[1] << 5 | tc[2]];
            int w = (lead + (o & 3)) % 3;
            without(hh, lead, tc);
            if (w == declarer) need -= o >> 2;
            lead = w;
        }
        break;
    }
    PyEval_RestoreThread(r.s.ts);
    table_free(&r.s.tt);
    table_free(&r.wt);
    table_free(&r.et);
    free(r.memo);
    free(r.lows);
    free(fin.items);
    PyObject *out = rc < 0 ? PyErr_NoMemory() : result(r.s.stop, answer, &line, r.s.nodes);
    free(line.items);
    return out;
}

/* The canonical form of a position (for the tests, which check that it is equivalent);
 * `general`: by the general loop even where the searches use canon_plain. */
static PyObject *py_canon(PyObject *self, PyObject *args) {
    int game, by_points, general = 0;
    PyObject *hands;
    if (!PyArg_ParseTuple(args, "iOp|p", &game, &hands, &by_points, &general)) return NULL;
    const Game *g = game_at(game);
    if (!g) return NULL;
    u32 h[3], out[3];
    if (read_u32s(hands, h, 3, "hands") < 0) return NULL;
    if ((h[0] & h[1]) || (h[0] & h[2]) || (h[1] & h[2])) {
        PyErr_SetString(PyExc_ValueError, "a card is in two hands");
        return NULL;
    }
    if (by_points || general) canon(g, h, by_points, out);
    else canon_plain(g, h, out); /* what the searches use */
    return Py_BuildValue("(kkk)", (unsigned long)out[0], (unsigned long)out[1],
                         (unsigned long)out[2]);
}

/* Null: the suits whose one-suit game G_S the declarer loses (null_lost_suits; for the
 * tests, which hold "none" to minimax). */
static PyObject *py_null_lost_suits(PyObject *self, PyObject *args) {
    int game, declarer;
    PyObject *hands;
    if (!PyArg_ParseTuple(args, "iOi", &game, &hands, &declarer)) return NULL;
    const Game *g = game_at(game);
    if (!g) return NULL;
    u32 h[3];
    if (read_u32s(hands, h, 3, "hands") < 0) return NULL;
    if ((h[0] & h[1]) || (h[0] & h[2]) || (h[1] & h[2]) || declarer < 0 || declarer > 2 ||
        g->trumps) {
        PyErr_SetString(PyExc_ValueError, "disjoint hands of a null game and a seat expected");
        return NULL;
    }
    return PyLong_FromUnsignedLong(null_lost_suits(g, h, declarer));
}

/* The most tricks the declarer can still win from a trick boundary, as the points bound
 * counts them (w_best): exposed so that the tests can hold it to minimax. */
static PyObject *py_most_tricks(PyObject *self, PyObject *args) {
    int game, leader, declarer;
    long long limit;
    PyObject *hands;
    if (!PyArg_ParseTuple(args, "iOiiL", &game, &hands, &leader, &declarer, &limit)) return NULL;
    const Game *g = game_at(game);
    if (!g) return NULL;
    u32 h[3];
    int8_t cards[3];
    int n;
    PyObject *none = PyTuple_New(0);
    if (!none) return NULL;
    int rc = parse_position(hands, none, h, cards, &n);
    Py_DECREF(none);
    if (rc < 0) return NULL;
    if (leader < 0 || leader > 2 || declarer < 0 || declarer > 2) {
        PyErr_SetString(PyExc_ValueError, "seat out of range");
        return NULL;
    }
    int size = __builtin_popcount(h[0]);
    if (__builtin_popcount(h[1]) != size || __builtin_popcount(h[2]) != size) {
        PyErr_SetString(PyExc_ValueError, "the hands must hold as many cards each");
        return NULL;
    }
    Reach r;
    r.memo = (TrumpMemo *)calloc((size_t)1 << TRUMP_MEMO_BITS, sizeof(TrumpMemo));
    if (!r.memo) return PyErr_NoMemory();
    if (search_init(&r.s, g, limit, limit, Py_None) < 0) {
        free(r.memo);
        return PyErr_NoMemory();
    }
    r.lows = NULL; /* w_best does not ask the points bound */
    r.wt.slots = NULL;
    r.et.slots = NULL;
    r.d = declarer;
    r.d1 = (declarer + 1) % 3;
    r.d2 = (declarer + 2) % 3;
    int most = 0;
    while (most < size) { /* each answer at least `most + 1`, or a bound below it */
        int v = w_best(&r, h, leader, most + 1);
        if (r.s.stop || v <= most) break;
        most = v;
    }
    table_free(&r.s.tt);
    table_free(&r.wt);
    free(r.memo);
    if (r.s.stop == 2) return PyErr_NoMemory();
    if (r.s.stop) return Py_BuildValue("OL", Py_None, r.s.nodes);
    return Py_BuildValue("iL", most, r.s.nodes);
}

/* Null: which sign (null_sure_safe) says the declarer, not on lead, takes no trick. */
/* For the tests: lowest_points of each hand of `hands` (in order) for k = 1..LOW_MEMO_K + 1,
 * through one memo as the points search uses it, side by side with the walk itself:
 * a list of (remembered, walked) pairs. */
static PyObject *py_lowest_points(PyObject *self, PyObject *args) {
    int game;
    PyObject *hands;
    if (!PyArg_ParseTuple(args, "iO", &game, &hands)) return NULL;
    const Game *g = game_at(game);
    if (!g) return NULL;
    PyObject *fast = PySequence_Fast(hands, "hands must be a sequence");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    LowMemo *memo = (LowMemo *)calloc((size_t)1 << LOW_MEMO_BITS, sizeof(LowMemo));
    PyObject *out = memo ? PyList_New(0) : PyErr_NoMemory();
    for (Py_ssize_t i = 0; out && i < n; i++) {
        unsigned long m = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred() || m > 0xFFFFFFFFul) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a hand is 32 bits");
            Py_CLEAR(out);
            break;
        }
        for (int k = 1; k <= LOW_MEMO_K + 1; k++) {
            PyObject *pair = Py_BuildValue("ii", lowest_points_of(g, memo, (u32)m, k),
                                           lowest_points(g, (u32)m, k));
            if (!pair || PyList_Append(out, pair) < 0) {
                Py_XDECREF(pair);
                Py_CLEAR(out);
                break;
            }
            Py_DECREF(pair);
        }
    }
    free(memo);
    Py_DECREF(fast);
    return out;
}

static PyObject *py_null_sure_safe(PyObject *self, PyObject *args) {
    int game, declarer;
    PyObject *hands;
    if (!PyArg_ParseTuple(args, "iOi", &game, &hands, &declarer)) return NULL;
    const Game *g = game_at(game);
    if (!g) return NULL;
    u32 h[3];
    if (read_u32s(hands, h, 3, "hands") < 0) return NULL;
    if ((h[0] & h[1]) || (h[0] & h[2]) || (h[1] & h[2]) || declarer < 0 || declarer > 2 ||
        g->trumps) {
        PyErr_SetString(PyExc_ValueError, "disjoint hands of a null game and a seat expected");
        return NULL;
    }
    return PyLong_FromLong(null_sure_safe(g, h, declarer));
}

static PyMethodDef METHODS[] = {
    {"canon", py_canon, METH_VARARGS, "canon(game, hands, by_points, general=False) -> canonical hands"},
    {"null_sure_safe", py_null_sure_safe, METH_VARARGS,
     "null_sure_safe(game, hands, declarer) -> 0 no sign, 1 every G_S won, 2 by G'_S"},
    {"null_lost_suits", py_null_lost_suits, METH_VARARGS,
     "null_lost_suits(game, hands, declarer) -> suits (bits) whose one-suit game he loses"},
    {"prepare", py_prepare, METH_VARARGS, "Store one game's tables under an index."},
    {"force", py_force, METH_VARARGS,
     "force(game, hands, leader, played, winners, controllers, is_null, limit)"},
    {"take_all", py_take_all, METH_VARARGS, "take_all(game, hands, leader, played, declarer, limit)"},
    {"reach", py_reach, METH_VARARGS,
     "reach(game, hands, leader, played, declarer, needed, limit)"},
    {"most_tricks", py_most_tricks, METH_VARARGS,
     "most_tricks(game, hands, leader, declarer, limit) -> (tricks or None, nodes)"},
    {"lowest_points", py_lowest_points, METH_VARARGS,
     "lowest_points(game, hands) -> [(remembered, walked)] for k = 1..5 per hand"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_engine",
    "Exact open-hand searches (compiled); see referee.rulings.search.", -1, METHODS,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__engine(void) {
    for (int m = 0; m < 256; m++)
        for (int x = 0; x < 256; x++) {
            int v = 0, j = 0;
            for (int i = 0; i < 8; i++)
                if (m >> i & 1) v |= (x >> i & 1) << j++;
            COMPRESS[m][x] = (uint8_t)v;
        }
    for (int x = 0; x < 256; x++) {
        int v = 0;
        for (int i = 0; i < 8; i++) v |= (x >> i & 1) << (2 * i);
        SPREAD[x] = (uint16_t)v;
    }
    if (ns_init() < 0 || ns2_init() < 0) return PyErr_NoMemory();
    return PyModule_Create(&MODULE);
}
