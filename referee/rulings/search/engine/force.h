/* Part of _engine.c (included there once, in order; not a standalone header):
 * can one group force a trick (4.3.4, 4.3.5): the search, its order and its line. */

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
