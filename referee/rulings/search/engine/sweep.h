/* Part of _engine.c (included there once, in order; not a standalone header):
 * cooperative: can the declarer take every trick (4.1.5, 5.4.3). */

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

/* The ways to finish a trick on the table, in about the order r_best tries tricks: the
 * declarer's by points, most first, then the others by points, fewest first (a stable
 * insertion sort: the lists are short). Only for a trick begun: a whole one is r_best's. */
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
