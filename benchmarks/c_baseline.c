/* c_baseline: a plain bit-mask C program playing random 4-player block deals of Козёл.
 *
 *     cc -O2 -o c_baseline c_baseline.c && ./c_baseline N_DEALS SEED
 *
 * It is the yardstick of benchmarks/bench_engine.py --vs-c: what one core does when
 * nothing but the deal itself is computed, written the obvious way (no SIMD, no
 * precomputed move tables, no unrolling by hand). It follows the engine's default
 * rules with random bots:
 *   - the same tile numbering and 28-bit hand masks (bit t = tile t: 00 01 .. 06 11 .. 66);
 *   - the same generator (xorshift64*) and bounded integers (multiply-shift on the high
 *     32 bits), a Fisher-Yates shuffle, 7 tiles per hand;
 *   - redeal while a hand holds >= 5 doubles or >= 6 tiles of one suit;
 *   - the same legal moves: every tile on every open end it matches (one tile matching
 *     both ends of different values is two moves), plus the two doubles of the two ends
 *     laid together as one move; one move is drawn uniformly, no draw when only one;
 *   - a seat without a move knocks; the deal ends on an out (a hand empties) or a fish
 *     (no unplayed tile matches an open end; with 4 x 7 tiles all unplayed tiles are in hands);
 *   - the pip sums left per side (seats 0+2, 1+3) are counted.
 * Simplification: every deal is led by a random seat with any tile of its hand. The engine
 * instead starts each game with 11 from its holder and then lets the last mover lead;
 * that is a few instructions per deal and does not change the cost of a deal. Scoring,
 * game state and the engine's per-deal reseeding are not done here (see bench_c.py).
 *
 * Output: one JSON line with deals, moves, knocks, fishes, redeals, a checksum of the
 * pip sums (printed, so the compiler cannot drop the work), seconds and deals_per_s.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N_TILES 28
#define ALL_TILES ((1u << N_TILES) - 1)

static int tile_lo[N_TILES], tile_hi[N_TILES];
static uint32_t suit_mask[7];   /* the 7 tiles carrying value v */
static int double_tile[7];
static uint32_t doubles_mask;

static void init_tables(void) {
    int t = 0;
    for (int lo = 0; lo < 7; lo++)
        for (int hi = lo; hi < 7; hi++, t++) {
            tile_lo[t] = lo;
            tile_hi[t] = hi;
            suit_mask[lo] |= 1u << t;
            suit_mask[hi] |= 1u << t;
            if (lo == hi) {
                double_tile[lo] = t;
                doubles_mask |= 1u << t;
            }
        }
}

/* xorshift64*: the engine's generator, so both spend the same on randomness */
static uint64_t rng_state;

static inline uint64_t rng_next(void) {
    uint64_t x = rng_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* uniform in [0, n) from the high 32 bits (Lemire's multiply-shift without the rejection) */
static inline int rng_below(uint32_t n) {
    return (int)(((rng_next() >> 32) * n) >> 32);
}

static inline int pips(uint32_t m) {
    int s = 0;
    while (m) {
        int t = __builtin_ctz(m);
        s += tile_lo[t] + tile_hi[t];
        m &= m - 1;
    }
    return s;
}

static void deal_hands(uint32_t hands[4]) {
    int perm[N_TILES];
    for (int i = 0; i < N_TILES; i++) perm[i] = i;
    for (int i = N_TILES - 1; i > 0; i--) {
        int j = rng_below((uint32_t)i + 1);
        int x = perm[i]; perm[i] = perm[j]; perm[j] = x;
    }
    for (int s = 0; s < 4; s++) {
        uint32_t h = 0;
        for (int k = 0; k < 7; k++) h |= 1u << perm[7 * s + k];
        hands[s] = h;
    }
}

/* передача: a double counts once for its suit, since suit_mask holds each tile once */
static int needs_redeal(const uint32_t hands[4]) {
    for (int s = 0; s < 4; s++) {
        if (__builtin_popcount(hands[s] & doubles_mask) >= 5) return 1;
        for (int v = 0; v < 7; v++)
            if (__builtin_popcount(hands[s] & suit_mask[v]) >= 6) return 1;
    }
    return 0;
}

/* a move: tile | end slot << 5, or TWO_DOUBLES for the two end doubles at once */
#define TWO_DOUBLES 0x400

typedef struct {
    uint64_t moves, knocks, fishes, redeals, checksum;
} Totals;

static void play_deal(Totals *tot) {
    uint32_t hands[4];
    for (;;) {
        deal_hands(hands);
        if (!needs_redeal(hands)) break;
        tot->redeals++;
    }
    int seat = rng_below(4);
    int moves[32];
    /* the lead: any tile of the leader's hand */
    int n = 0;
    for (uint32_t m = hands[seat]; m; m &= m - 1) moves[n++] = __builtin_ctz(m);
    int t = moves[rng_below((uint32_t)n)];
    hands[seat] &= ~(1u << t);
    uint32_t board = 1u << t;
    /* the two open ends in two scalars, not an array: they stay in registers (+7%) */
    int e0 = tile_lo[t], e1 = tile_hi[t];
    tot->moves++;
    int fish = 0;
    for (;;) {
        seat = (seat + 1) & 3;
        uint32_t hand = hands[seat];
        n = 0;
        /* walk only the set bits of hand & suit: what matches an end */
        for (uint32_t m = hand & suit_mask[e0]; m; m &= m - 1) moves[n++] = __builtin_ctz(m);
        if (e1 != e0) {
            for (uint32_t m = hand & suit_mask[e1]; m; m &= m - 1) moves[n++] = __builtin_ctz(m) | 1 << 5;
            uint32_t dd = (1u << double_tile[e0]) | (1u << double_tile[e1]);
            if ((hand & dd) == dd) moves[n++] = TWO_DOUBLES;
        }
        if (n == 0) {
            tot->knocks++;
            continue;  /* a fish is caught right after the move that makes it, so someone can move */
        }
        /* a forced move draws no number, as in the engine (and the branch is cheaper than a draw) */
        int mv = n == 1 ? moves[0] : moves[rng_below((uint32_t)n)];
        if (mv == TWO_DOUBLES) {
            /* both ends keep their values */
            uint32_t dd = (1u << double_tile[e0]) | (1u << double_tile[e1]);
            hand &= ~dd;
            board |= dd;
        } else {
            t = mv & 31;
            int slot = mv >> 5;
            hand &= ~(1u << t);
            board |= 1u << t;
            if (slot)
                e1 = tile_lo[t] + tile_hi[t] - e1;
            else
                e0 = tile_lo[t] + tile_hi[t] - e0;
        }
        hands[seat] = hand;
        tot->moves++;
        if (hand == 0) break;  /* out */
        if ((ALL_TILES & ~board & (suit_mask[e0] | suit_mask[e1])) == 0) {
            fish = 1;
            break;
        }
    }
    tot->fishes += fish;
    int side_a = pips(hands[0]) + pips(hands[2]);
    int side_b = pips(hands[1]) + pips(hands[3]);
    tot->checksum = tot->checksum * 31 + (uint64_t)(side_a * 256 + side_b) + (uint64_t)seat;
}

static uint64_t splitmix64(uint64_t x) {
    uint64_t z = x + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s N_DEALS SEED\n", argv[0]);
        return 2;
    }
    long long n_deals = atoll(argv[1]);
    rng_state = splitmix64(strtoull(argv[2], NULL, 10));
    if (rng_state == 0) rng_state = 0x9E3779B97F4A7C15ULL;  /* xorshift must not start at 0 */
    init_tables();
    Totals tot = {0, 0, 0, 0, 0};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long long d = 0; d < n_deals; d++) play_deal(&tot);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("{\"deals\": %lld, \"moves\": %llu, \"knocks\": %llu, \"fishes\": %llu, \"redeals\": %llu, "
           "\"checksum\": %llu, \"seconds\": %.6f, \"deals_per_s\": %.1f}\n",
           n_deals, (unsigned long long)tot.moves, (unsigned long long)tot.knocks,
           (unsigned long long)tot.fishes, (unsigned long long)tot.redeals,
           (unsigned long long)tot.checksum, seconds, seconds > 0 ? n_deals / seconds : 0.0);
    return 0;
}
