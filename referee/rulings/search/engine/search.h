/* Part of _engine.c (included there once, in order; not a standalone header):
 * what every search shares: node counting, the heavy-search callback, lines of play. */

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
