/* Part of _engine.c (included there once, in order; not a standalone header):
 * the transposition table keyed by the three hands and the leader. */

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
    int failed;     /* out of memory */
    uint8_t mapped; /* slots mapped on their own (2 MB pages asked for), else calloc'ed */
} Table;

static inline u64 key_of(u32 h0, u32 h1, u32 h2) {
    return (u64)(h0 | h2) | (u64)(h1 | h2) << 32;
}

/* Zeroed slots. A large table is mapped on its own and asks for 2 MB pages: measured on
 * the hill-climbed positions, with 4 KB pages most of a probe's time went to the page
 * walk of a table of tens of megabytes (the address translation, not the cache). Where
 * the mapping is refused (or the system has none), calloc is the fall-back: only slower.
 * The test build can switch the mapping off (`huge_pages_on`) to run the fall-back. */
#define HUGE_PAGE ((size_t)2 << 20)
#ifdef ENGINE_TEST_HOOKS
static int huge_pages_on = 1;
#define HUGE_PAGES_ON huge_pages_on
#else
#define HUGE_PAGES_ON 1
#endif

static Entry *slots_alloc(size_t cap, uint8_t *mapped) {
    size_t bytes = cap * sizeof(Entry);
    *mapped = 0;
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (HUGE_PAGES_ON && bytes >= HUGE_PAGE) {
        char *p = (char *)mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE,
                               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            size_t head = (HUGE_PAGE - (uintptr_t)p % HUGE_PAGE) % HUGE_PAGE;
            if (head) munmap(p, head);
            if (HUGE_PAGE - head) munmap(p + head + bytes, HUGE_PAGE - head);
#ifdef MADV_HUGEPAGE
            madvise(p + head, bytes, MADV_HUGEPAGE); /* a hint: without it, only slower */
#endif
            *mapped = 1;
            return (Entry *)(p + head);
        }
    }
#endif
    return (Entry *)calloc(cap, sizeof(Entry));
}

static void slots_free(Entry *slots, size_t cap, uint8_t mapped) {
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (mapped) {
        munmap(slots, cap * sizeof(Entry));
        return;
    }
#endif
    free(slots);
}

/* An empty table of `cap` slots (a power of two); -1 when memory ran out. */
static int table_open(Table *t, size_t cap) {
    t->cap = cap;
    t->count = 0;
    t->failed = 0;
    t->slots = slots_alloc(t->cap, &t->mapped);
    return t->slots ? 0 : -1;
}

static int table_init(Table *t) { return table_open(t, 1 << 12); }

static void table_free(Table *t) {
    if (t->slots) slots_free(t->slots, t->cap, t->mapped);
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
    uint8_t old_mapped = t->mapped, mapped;
    Entry *slots = slots_alloc(old_cap * 2, &mapped);
    if (!slots) return -1;
    t->slots = slots;
    t->mapped = mapped;
    t->cap = old_cap * 2;
    for (size_t i = 0; i < old_cap; i++) {
        if (!old[i].tag) continue;
        *table_find(t, old[i].key, old[i].tag - 1) = old[i];
    }
    slots_free(old, old_cap, old_mapped);
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
