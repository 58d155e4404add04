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

/* The searches, one part per file, in the order they build on each other. */
#include "engine/tables.h"
#include "engine/table.h"
#include "engine/search.h"
#include "engine/null.h"
#include "engine/force.h"
#include "engine/sweep.h"
#include "engine/reach.h"
#include "engine/throws.h"
#include "engine/tricks.h"
#include "engine/suit_bound.h"
#include "engine/reach_search.h"

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
    prepare_point_groups(g);
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
    if (!GAMES[index].trumps && null_tables() < 0) { /* null: no trumps */
        PyErr_NoMemory();
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
    Reach r = {.throws = NULL}; /* throw_most's memo: made when first asked (thrown_of) */
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
    /* no trick on the table: the position is one r_best searches, so it is asked as such
     * (the same children, one card per run, in the same order, cut by the same bounds).
     * Measured: finish_rec's first tricks, one per run of equal
     * points and none cut, cost up to twice the nodes on the hill-climbed positions */
    if (n == 0) {
        if (r_value(&r, h, leader, needed) >= needed && !r.s.stop) {
            answer = 1;
            rc = r_line(&r, h, leader, needed, &line);
        }
    } else {
        rc = finish_rec(g, h, leader, cards, n, 1, &fin);
        if (rc == 0) sort_finishes(&fin, declarer);
    }
    for (int i = 0; rc == 0 && i < fin.n && !r.s.stop; i++) {
        const Finish *fi = &fin.items[i];
        int gain = fi->winner == declarer ? fi->pts : 0;
        int v = gain + r_value(&r, fi->h, fi->winner, needed - gain);
        if (r.s.stop || v < needed) continue;
        answer = 1;
        for (int k = n; k < 3 && rc == 0; k++) rc = line_add(&line, (leader + k) % 3, fi->cards[k]);
        u32 hh[3] = {fi->h[0], fi->h[1], fi->h[2]};
        if (rc == 0) rc = r_line(&r, hh, fi->winner, needed - gain, &line);
        break;
    }
    PyEval_RestoreThread(r.s.ts);
    table_free(&r.s.tt);
    table_free(&r.wt);
    table_free(&r.et);
    free(r.memo);
    free(r.lows);
    free(r.throws);
    free(fin.items);
    PyObject *out = rc < 0 ? PyErr_NoMemory() : result(r.s.stop, answer, &line, r.s.nodes);
    free(line.items);
    return out;
}

#ifdef ENGINE_TEST_HOOKS /* the tests' hooks: only in the test build `_engine_hooks` */
#include "engine/test_hooks.h"
#else
#define TEST_HOOK_METHODS
#define ENGINE_NAME "_engine"
#define ENGINE_INIT PyInit__engine
#endif

static PyMethodDef METHODS[] = {
    {"prepare", py_prepare, METH_VARARGS, "Store one game's tables under an index."},
    {"force", py_force, METH_VARARGS,
     "force(game, hands, leader, played, winners, controllers, is_null, limit)"},
    {"take_all", py_take_all, METH_VARARGS, "take_all(game, hands, leader, played, declarer, limit)"},
    {"reach", py_reach, METH_VARARGS,
     "reach(game, hands, leader, played, declarer, needed, limit)"},
    TEST_HOOK_METHODS
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, ENGINE_NAME,
    "Exact open-hand searches (compiled); see referee.rulings.search.", -1, METHODS,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC ENGINE_INIT(void) {
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
    return PyModule_Create(&MODULE);
}
