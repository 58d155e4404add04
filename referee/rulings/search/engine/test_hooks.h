/* Part of _engine.c (included there once, after the glue it uses; not a standalone header):
 * what the tests call besides the three questions, to hold the pieces to minimax. Compiled
 * only into the test build, a module of its own (setup.py: REFEREE_ENGINE_TEST_BUILD). */
#define ENGINE_NAME "_engine_hooks"
#define ENGINE_INIT PyInit__engine_hooks
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
    if (general) canon(g, h, by_points, out);
    else if (by_points) canon_points(g, h, out); /* what the points search uses */
    else canon_plain(g, h, out);                 /* what the other searches use */
    return Py_BuildValue("(kkk)", (unsigned long)out[0], (unsigned long)out[1],
                         (unsigned long)out[2]);
}

/* Null: the suits whose one-suit game G_S the declarer loses (null_lost_suits; for the
 * tests, which hold "none" to minimax). */
/* The arguments (game, hands, declarer) of the null hooks: the game's tables, or NULL
 * with an exception set. */
static const Game *null_args(PyObject *args, u32 *h, int *declarer) {
    int game;
    PyObject *hands;
    if (!PyArg_ParseTuple(args, "iOi", &game, &hands, declarer)) return NULL;
    const Game *g = game_at(game);
    if (!g || read_u32s(hands, h, 3, "hands") < 0) return NULL;
    if ((h[0] & h[1]) || (h[0] & h[2]) || (h[1] & h[2]) || *declarer < 0 || *declarer > 2 ||
        g->trumps) {
        PyErr_SetString(PyExc_ValueError, "disjoint hands of a null game and a seat expected");
        return NULL;
    }
    return g;
}

static PyObject *py_null_lost_suits(PyObject *self, PyObject *args) {
    u32 h[3];
    int declarer;
    const Game *g = null_args(args, h, &declarer);
    return g ? PyLong_FromUnsignedLong(null_lost_suits(g, h, declarer)) : NULL;
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
    r.throws = NULL; /* nor throw_most */
    r.d = declarer;
    r.d1 = (declarer + 1) % 3;
    r.d2 = (declarer + 2) % 3;
    int most = 0;
    unsigned rk[3] = {ranks_of(g, h[0]), ranks_of(g, h[1]), ranks_of(g, h[2])};
    while (most < size) { /* each answer at least `most + 1`, or a bound below it */
        int v = w_best(&r, h, rk, leader, most + 1);
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

/* Null: which sign (null_sure_safe) says the declarer, not on lead, takes no trick. */
static PyObject *py_null_sure_safe(PyObject *self, PyObject *args) {
    u32 h[3];
    int declarer;
    const Game *g = null_args(args, h, &declarer);
    return g ? PyLong_FromLong(null_sure_safe(g, h, declarer)) : NULL;
}

/* For the tests: let every search use only the first `slots` slots (1, 2, 4, ...; 0 for
 * all) of its trump and cheapest-cards memos, so that holdings clash in them; returns how
 * many it used before. Not for use while another search runs (the setting is the
 * module's). */
static PyObject *py_set_memo_slots(PyObject *self, PyObject *args) {
    unsigned long slots;
    if (!PyArg_ParseTuple(args, "k", &slots)) return NULL;
    u64 before = trump_memo_mask + 1;
    if (slots == 0) slots = 1ul << TRUMP_MEMO_BITS;
    if (slots & (slots - 1) || slots > (1ul << TRUMP_MEMO_BITS) || slots > (1ul << LOW_MEMO_BITS)) {
        PyErr_SetString(PyExc_ValueError, "slots: a power of two no larger than the memos");
        return NULL;
    }
    trump_memo_mask = slots - 1;
    low_memo_mask = slots - 1;
    return PyLong_FromUnsignedLongLong(before);
}

/* For the tests: each defender's (d1, then d2) protected cards and throw_most's count of
 * them that can end in the declarer's tricks, from a trick boundary. */
static PyObject *py_throw_most(PyObject *self, PyObject *args) {
    int game, leader, declarer, partner = 1;
    PyObject *hands;
    if (!PyArg_ParseTuple(args, "iOii|p", &game, &hands, &leader, &declarer, &partner))
        return NULL;
    const Game *g = game_at(game);
    u32 h[3];
    if (!g || read_u32s(hands, h, 3, "hands") < 0) return NULL;
    if (leader < 0 || leader > 2 || declarer < 0 || declarer > 2) {
        PyErr_SetString(PyExc_ValueError, "seat out of range");
        return NULL;
    }
    if (!g->trumps) { /* as thrown_of: a null suit's 8 cards overflow a state's counts */
        PyErr_SetString(PyExc_ValueError, "not for null");
        return NULL;
    }
    u64 *memo = throw_memo_new(THROW_MEMO_BITS);
    if (!memo) return PyErr_NoMemory();
    u32 prot = counted_protected_of(g, h[declarer]);
    u32 D1 = h[(declarer + 1) % 3], D2 = h[(declarer + 2) % 3];
    int w1 = leader == declarer ? 0 : leader == (declarer + 1) % 3 ? 1 : 2;
    u128 s1 = throw_state(g, h[declarer], prot, D1, D2, w1);
    u128 s2 = throw_state(g, h[declarer], prot, D2, D1, w1 ? 3 - w1 : 0);
    /* without the partner: throw_free alone, as a hand of more than 8 cards asks it */
    u64 *fm = THROW_FREE_MEMO(memo);
    int k1 = partner ? throw_most(memo, s1) : throw_free(fm, throw_free_of(s1));
    int k2 = partner ? throw_most(memo, s2) : throw_free(fm, throw_free_of(s2));
    free(memo);
    unsigned long p1 = D1 & prot, p2 = D2 & prot;
    return Py_BuildValue("((ki)(ki))", p1, k1, p2, k2);
}

/* For the tests: fill a table with `n` distinct positions, with or without the 2 MB
 * mapping (`huge`), and read them all back; -> (every one found with its value, the slots
 * mapped on their own, their address on a 2 MB boundary). */
static PyObject *py_table_probe(PyObject *self, PyObject *args) {
    unsigned long n;
    int huge;
    if (!PyArg_ParseTuple(args, "kp", &n, &huge)) return NULL;
    int before = huge_pages_on;
    huge_pages_on = huge;
    Table t;
    int ok = table_init(&t) == 0;
    for (u32 i = 0; ok && i < n; i++) { /* three disjoint hands from i's bits */
        Entry *e = table_put(&t, i & 0x3ff, (i >> 10 & 0x3ff) << 10, (i >> 20 & 0x3ff) << 20, i % 3);
        if (!e) ok = 0;
        else e->val = (uint8_t)(i * 7);
    }
    for (u32 i = 0; ok && i < n; i++) {
        const Entry *e = table_get(&t, i & 0x3ff, (i >> 10 & 0x3ff) << 10, (i >> 20 & 0x3ff) << 20, i % 3);
        if (!e || e->val != (uint8_t)(i * 7)) ok = 0;
    }
    int mapped = t.slots && t.mapped, aligned = t.slots && (uintptr_t)t.slots % HUGE_PAGE == 0;
    table_free(&t);
    huge_pages_on = before;
    return Py_BuildValue("(OOO)", ok ? Py_True : Py_False, mapped ? Py_True : Py_False,
                         aligned ? Py_True : Py_False);
}

/* The test hooks' entries in the module's method table. */
#define TEST_HOOK_METHODS                                                                  \
    {"canon", py_canon, METH_VARARGS,                                                      \
     "canon(game, hands, by_points, general=False) -> canonical hands"},                   \
    {"null_sure_safe", py_null_sure_safe, METH_VARARGS,                                    \
     "null_sure_safe(game, hands, declarer) -> 0 no sign, 1 every G_S won, 2 by G'_S"},    \
    {"null_lost_suits", py_null_lost_suits, METH_VARARGS,                                  \
     "null_lost_suits(game, hands, declarer) -> suits (bits) whose one-suit game he loses"}, \
    {"table_probe", py_table_probe, METH_VARARGS,                                          \
     "table_probe(n, huge) -> (all found, mapped, on a 2 MB boundary)"},                   \
    {"most_tricks", py_most_tricks, METH_VARARGS,                                          \
     "most_tricks(game, hands, leader, declarer, limit) -> (tricks or None, nodes)"},      \
    {"lowest_points", py_lowest_points, METH_VARARGS,                                      \
     "lowest_points(game, hands) -> [(remembered, walked)] for k = 1..5 per hand"},        \
    {"set_memo_slots", py_set_memo_slots, METH_VARARGS,                                    \
     "set_memo_slots(slots) -> slots before; for the tests: memo slots every search uses"}, \
    {"throw_most", py_throw_most, METH_VARARGS,                                            \
     "throw_most(game, hands, leader, declarer, partner=True) -> ((counted protected, count) of d1, of d2)"},
