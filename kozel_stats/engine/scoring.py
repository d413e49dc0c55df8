"""The engine's scoring of a finished deal and its end of game: the game state (GS_*), what a deal
writes (score_deal, write_loss, ...) and whether the game is over (game_over).

Its own module so that both the engine (engine.py) and the bots that search (bots.py's `expert`, which
scores the leaves of its search with the very same functions on a copy of the game state) can import
it: one implementation of the rules. Moved here from engine.py unchanged (the engine re-exports the
names).
"""

from __future__ import annotations

from .codes import (
    APPLIED_EXTRA,
    APPLIED_FAST_COST,
    APPLIED_FISH_REPLAYED,
    APPLIED_GENERAL,
    APPLIED_KEPT_66,
    APPLIED_NO_FISHING,
    APPLIED_OUT_00_ENDS,
    APPLIED_OUT_66_ALL,
    APPLIED_SHARED_BURN,
    APPLIED_WIPE_66,
    D_APPLIED,
    D_BURNED,
    D_CARRY,
    D_EARLY_CLOSURE,
    D_EGGS,
    D_FISH_SUM,
    D_LOSER,
    D_LOSERS,
    D_MEMORY,
    D_SCORE,
    D_SUM,
    D_VANISHED,
    D_VANISHED_SIDE,
    D_WRITTEN,
    DOUBLE_TILE,
    EGGS_BOTH_SIDES,
    EGGS_ONE_SIDE,
    END_FISH,
    END_OUT,
    EXTRA_LEAD_ENDS_GAME,
    FAST_OUT_66_OUT_66,
    FISH_WINNER_REPLAYED,
    GENERAL_OUT_BOTH,
    GOATS_EVERY,
    LOSER_DRAW,
    OUT_66_ALL_OTHERS,
    P_EGGS,
    P_EXTRA_LEAD,
    P_FAST_OUT_66,
    P_FAST_WRITES,
    P_FAST_WRITES_00,
    P_FISH_WINNER,
    P_GENERAL,
    P_GENERAL_OUT,
    P_GOATS,
    P_KEPT_00_GOAT,
    P_KEPT_66_WRITES,
    P_MATCH_DEALS,
    P_MEMORY,
    P_N_SIDES,
    P_OUT_00_ENDS_GAME,
    P_OUT_00_WRITES,
    P_OUT_66_WIPES,
    P_OUT_66_WRITERS,
    P_OUT_66_WRITES,
    P_PLAYERS,
    P_SCORING,
    P_SEAT_SIDE,
    P_SHARED_SCORE,
    P_SOLO,
    P_SOLO_EGGS,
    P_TARGET,
    P_THRESHOLD,
    P_THRESHOLD_VALUE,
    P_VOLUNTARY_FAST,
    SCORING_GENERALS,
    SOLO_EGGS_NONE,
    SOLO_EGGS_ONE_HAND,
    T00,
    T66,
    THRESHOLD_EVERY_DEAL,
    THRESHOLD_ONCE,
    TITLE_BALD,
    TITLE_EXTRA,
    TITLE_GENERAL,
    TITLE_HANGING,
    TITLE_KEPT_00,
    TITLE_NAKED,
    Layout,
)
from .core import (
    FORCED_EXTRA,
    ST_END_KIND,
    ST_HAND,
    ST_LAST,
    ST_LEAD_TILE,
    ST_MOVES,
    ST_OPEN,
    ST_OUT_TILES,
    deal_losers,
    hot,
    jit,
    losing_base,
    lowest_bit_index,
    most_pips,
    not_winners,
    pips,
    popcount,
)

# --- game state -------------------------------------------------------------------
_GS = Layout("game state")
GS_SCORE = _GS.field(4)
GS_OPENED = _GS.field(4)  # the side's score is open (it has written since its last burn)
GS_CARRY = _GS.field()  # the eggs pot
GS_WROTE = _GS.field(4)  # the side has written points at some time in the game (naked goats)
GS_MEMORY = _GS.field(4)  # Осёл's remembered sub-threshold points
GS_TITLES = _GS.field()
GS_FAST = _GS.field()  # the deal being scored is a fast lead: 1 on 66, 2 on 00 (R-004-morskoy-fast)
GS_HANGING = _GS.field()  # sides at target - 1 when the fast lead began (R-004-morskoy-hanging)
GS_GOATS = _GS.field()  # bit mask of the goats when the game ends (R-004-chechevae-goats)
GS_EXTRA = _GS.field()  # the deal being scored opened with the extra lead (R-004-morskoy-extra)
N_GAME_STATE = _GS.size


# --- scoring -------------------------------------------------------------------------------------------
# R-score-sums, R-score-written, R-eggs-pot, R-solo-eggs, R-solo-score
@jit
def score_deal(p, st, gs, row):
    """Write the deal's scoring into `row` and update the game state.

    Returns the bit mask of the sides that lost the deal (0 for eggs). With pairs one
    side loses; каждый сам за себя: every player but the winner(s) loses and writes
    his own hand.
    """
    n_sides = p[P_N_SIDES]
    fish = st[ST_END_KIND] == END_FISH
    start_scoring(p, st, gs, row, fish)
    fast = gs[GS_FAST] != 0 and p[P_FAST_WRITES] > 0
    losers = deal_losers(p, row, D_SUM, fish, p[P_SEAT_SIDE + st[ST_LAST]])
    no_fishing = fast or gs[GS_EXTRA] != 0
    if fish and no_fishing:
        losers = 0  # R-004-morskoy-fast, R-004-morskoy-extra: no fishing on these leads, the deal is replayed
        row[D_APPLIED] |= APPLIED_NO_FISHING
    elif fish and p[P_FISH_WINNER] == FISH_WINNER_REPLAYED:
        row[D_APPLIED] |= APPLIED_FISH_REPLAYED
    out_side = p[P_SEAT_SIDE + st[ST_LAST]]
    if p[P_OUT_66_WRITERS] == OUT_66_ALL_OTHERS and p[P_OUT_66_WRITES] > 0 and not fish and st[ST_OUT_TILES] == 2:
        # R-004-chechevae-66: «Если игрок заканчивает дублем 6-6, то всем кроме него записывается 50 очков»
        losers = ((1 << n_sides) - 1) & ~(1 << out_side)
        row[D_APPLIED] |= APPLIED_OUT_66_ALL
    kept_66 = kept_side(p, st, T66) if p[P_KEPT_66_WRITES] > 0 and p[P_SCORING] != SCORING_GENERALS else -1
    winners_plain = 0
    for s in range(n_sides):
        if not (losers >> s & 1):
            winners_plain += row[D_SUM + s]
    row[D_LOSERS] = losers
    row[D_LOSER] = -1
    row[D_VANISHED] = 0
    row[D_BURNED] = 0
    row[D_EGGS] = 0
    row[D_EARLY_CLOSURE] = 1 if fish and st[ST_OPEN] == 0 else 0
    ends_unwritten = p[P_OUT_00_ENDS_GAME] and not p[P_OUT_00_WRITES] and not fish and (st[ST_OUT_TILES] & 1) != 0
    if losers == 0:
        if not (fish and (p[P_FISH_WINNER] == FISH_WINNER_REPLAYED or no_fishing)):
            row[D_EGGS] = 1
            carry_eggs(p, gs, row, fish, p[P_SEAT_SIDE + st[ST_LAST]])
            if kept_66 >= 0 and not (ends_unwritten and p[P_GOATS] == GOATS_EVERY):
                # R-004-chechevae-kept: eggs or not; but nothing is written when the out on 00 ends the game
                # (with goats: one, eggs have no one loser and the game goes on)
                write_loss(p, gs, row, kept_66, p[P_KEPT_66_WRITES])
                row[D_APPLIED] |= APPLIED_KEPT_66
    elif p[P_SCORING] == SCORING_GENERALS:
        write_general(p, gs, row, losers, st[ST_OUT_TILES])
    elif ends_unwritten:
        # R-morskoy-00: an out on 00 ends the game at once; nothing is written for the deal
        row[D_LOSER] = lowest_bit_index(losers)
        row[D_APPLIED] |= APPLIED_OUT_00_ENDS
    else:
        write_losses(p, st, gs, row, losers, fish, fast, kept_66, winners_plain)
    if p[P_OUT_66_WIPES] and not fish and st[ST_OUT_TILES] == 2 and p[P_SCORING] != SCORING_GENERALS:
        # R-004-morskoy-66: «у закончившего на 6:6 все очки списываются до 0», also when the deal
        # is eggs (solo_loser: most, R-004-morskoy-solo)
        row[D_BURNED] += gs[GS_SCORE + out_side]
        gs[GS_SCORE + out_side] = 0
        gs[GS_OPENED + out_side] = 0
        row[D_APPLIED] |= APPLIED_WIPE_66
    for s in range(n_sides):
        row[D_SCORE + s] = gs[GS_SCORE + s]
        row[D_MEMORY + s] = gs[GS_MEMORY + s]
    row[D_CARRY] = gs[GS_CARRY]
    return losers


@hot
def start_scoring(p, st, gs, row, fish):
    """The deal's row before anyone is scored: the sums left per side (and at a fish all of them), nothing
    written yet, the extra lead, and who hangs (R-004-morskoy-hanging: a side at target - 1 when a fast lead
    on 66 or 00 begins)."""
    all_left = 0
    for s in range(4):
        row[D_SUM + s] = 0
        row[D_WRITTEN + s] = 0
        row[D_VANISHED_SIDE + s] = 0
    row[D_APPLIED] = APPLIED_EXTRA if gs[GS_EXTRA] != 0 else 0
    for seat in range(p[P_PLAYERS]):
        row[D_SUM + p[P_SEAT_SIDE + seat]] += pips(st[ST_HAND + seat])
        all_left += pips(st[ST_HAND + seat])
    row[D_FISH_SUM] = all_left if fish else 0
    hanging = 0
    if gs[GS_FAST] != 0:
        for s in range(p[P_N_SIDES]):
            if gs[GS_SCORE + s] == p[P_TARGET] - 1:
                hanging |= 1 << s
    gs[GS_HANGING] = hanging


@hot
def write_losses(p, st, gs, row, losers, fish, fast, kept_66, winners_plain):
    """Every losing side writes its loss (its hands, or a fast lead's cost, the specials, the eggs pot, its
    memory, through the threshold); a side that did not lose forgets its memory; the kept 66 costs its
    holder, loser or not (R-004-chechevae-kept)."""
    carry = gs[GS_CARRY]
    gs[GS_CARRY] = 0
    pot_side = eggs_receiver(p, row, losers)
    fast_cost = p[P_FAST_WRITES_00] if gs[GS_FAST] == 2 else p[P_FAST_WRITES]
    out_66 = not fish and p[P_OUT_66_WRITES] > 0 and st[ST_OUT_TILES] == 2
    for side in range(p[P_N_SIDES]):
        if losers >> side & 1:
            if row[D_LOSER] == -1:
                row[D_LOSER] = side
            # R-004-morskoy-fast-66: a fast lead on 00 ended by an out on 66 writes its cost, or (fast_out_66:
            # out-66) the out on 66's sum
            plain = not fast or (out_66 and p[P_FAST_OUT_66] == FAST_OUT_66_OUT_66)
            base = losing_base(p, st, side, fish, st[ST_OUT_TILES], winners_plain) if plain else fast_cost
            if not plain:
                row[D_APPLIED] |= APPLIED_FAST_COST
            if side == kept_66:
                base += p[P_KEPT_66_WRITES]  # R-004-chechevae-kept: on top of his loss
                row[D_APPLIED] |= APPLIED_KEPT_66
            write_loss(p, gs, row, side, base + (carry if side == pot_side else 0) + gs[GS_MEMORY + side])
        else:
            if p[P_MEMORY]:
                gs[GS_MEMORY + side] = 0  # the side did not lose this deal: its memory is forgotten
            if side == kept_66:
                write_loss(p, gs, row, side, p[P_KEPT_66_WRITES])  # R-004-chechevae-kept: a winner too
                row[D_APPLIED] |= APPLIED_KEPT_66
    if p[P_SOLO] and popcount(losers) != 1:
        row[D_LOSER] = -2  # several players lost


# R-004-general-scoring
@hot
def write_general(p, gs, row, losers, out_tiles):
    """Генерал: no points; an out on 00 and/or 66 (general_out) writes one генерал against the
    losing side (the side of the player whose turn follows the one who went out)."""
    side = lowest_bit_index(losers)
    row[D_LOSER] = side
    if out_tiles == 3 or (out_tiles != 0 and p[P_GENERAL_OUT] != GENERAL_OUT_BOTH):
        row[D_APPLIED] |= APPLIED_GENERAL
        row[D_WRITTEN + side] = 1
        gs[GS_SCORE + side] += 1
        gs[GS_OPENED + side] = 1
        gs[GS_WROTE + side] = 1


# R-eggs, R-solo-eggs
@hot
def carry_eggs(p, gs, row, fish, last_side):
    """Eggs (a fish with equal sums): nobody writes; the pot grows by one side's sum, both
    sides' sums or nothing (the eggs knob); каждый сам за себя: one player's sum, all
    players' sums or nothing (solo_eggs, R-solo-eggs)."""
    if not p[P_SOLO]:
        if p[P_EGGS] == EGGS_ONE_SIDE:
            gs[GS_CARRY] += row[D_SUM]
        elif p[P_EGGS] == EGGS_BOTH_SIDES:
            gs[GS_CARRY] += row[D_SUM] + row[D_SUM + 1]
    elif p[P_SOLO_EGGS] != SOLO_EGGS_NONE:
        # R-004-morskoy-solo: the players sharing the most pips among those who did not win (all
        # players when all sums are equal at a fish); «они суммируются»: all-hands adds them all
        among = not_winners(p, row, D_SUM, fish, last_side)
        if among == 0:
            among = (1 << p[P_N_SIDES]) - 1
        tied = most_pips(p, row, D_SUM, among)
        top = row[D_SUM + lowest_bit_index(tied)]
        gs[GS_CARRY] += top if p[P_SOLO_EGGS] == SOLO_EGGS_ONE_HAND else top * popcount(tied)


@hot
def eggs_receiver(p, row, losers):
    """The losing side that takes the eggs pot: the only one in pairs; каждый сам за себя the
    losing player with the most pips left, the lower seat on a tie (R-solo-eggs)."""
    return top_side(p, row, D_SUM, losers)


@hot
def top_side(p, values, at, among):
    """Of the sides of the bit mask `among`, the one with the largest `values[at + side]`, then the
    lower seat; -1 when `among` is empty."""
    best = -1
    for s in range(p[P_N_SIDES]):
        if among >> s & 1 and (best < 0 or values[at + s] > values[at + best]):
            best = s
    return best


# R-threshold, R-osel-memory, R-morskoy-shared
@hot
def write_loss(p, gs, row, side, total):
    """A losing side's total for the deal (its base, the eggs pot, its memory) goes through
    the threshold onto its score; what stays under the threshold vanishes or, with memory
    (Осёл), is remembered. With one score for both sides (Морской) opening a score burns
    the other side's."""
    written = total
    mode = p[P_THRESHOLD]
    if total < p[P_THRESHOLD_VALUE]:
        if mode == THRESHOLD_EVERY_DEAL or (mode == THRESHOLD_ONCE and gs[GS_OPENED + side] == 0):
            written = 0
    if p[P_MEMORY]:
        gs[GS_MEMORY + side] = total - written  # remembered, not lost
    else:
        row[D_VANISHED] += total - written
        row[D_VANISHED_SIDE + side] += total - written
    row[D_WRITTEN + side] = written
    if written > 0:
        if p[P_SHARED_SCORE] and gs[GS_OPENED + side] == 0:
            # opening a score burns the other side's: one score for both sides
            for other in range(p[P_N_SIDES]):
                if gs[GS_SCORE + other] > 0:
                    row[D_APPLIED] |= APPLIED_SHARED_BURN
                row[D_BURNED] += gs[GS_SCORE + other]
                gs[GS_SCORE + other] = 0
                gs[GS_OPENED + other] = 0
        gs[GS_SCORE + side] += written
        gs[GS_OPENED + side] = 1
        gs[GS_WROTE + side] = 1


# --- end of game ----------------------------------------------------------------------------------------
# R-game-target, R-game-general, R-morskoy-00, R-title-naked, R-title-bald, R-solo-end, R-004-match,
# R-004-chechevae-goats, R-004-chechevae-kept
@jit
def game_over(p, gs, st, losers, counted):
    """After a deal is scored (`counted`: deals so far that count, R-004-match): the side that
    are the goats (козлы), LOSER_DRAW for a match ended level, or -1 if the game goes on.

    The titles go to gs[GS_TITLES], the bit mask of all goats to gs[GS_GOATS]. Several
    players over the target (каждый сам за себя): with goats: one the goat is the one with
    more points, then the lower seat; with goats: every all of them are goats, and the
    one returned is the one with more points, then the lower seat.
    """
    out = st[ST_END_KIND] == END_OUT
    every = p[P_GOATS] == GOATS_EVERY
    decided = losers != 0 or every  # goats: every needs no one loser of the deal
    general = decided and p[P_GENERAL] != 0 and out and st[ST_OUT_TILES] == 3
    sudden = general or (decided and p[P_OUT_00_ENDS_GAME] != 0 and out and (st[ST_OUT_TILES] & 1) != 0)
    # R-004-morskoy-extra-end: «в один заход: … "внеочередной козел"»
    extra_goat = losers != 0 and gs[GS_EXTRA] != 0 and p[P_EXTRA_LEAD] == EXTRA_LEAD_ENDS_GAME
    kept_00 = kept_side(p, st, T00) if p[P_KEPT_00_GOAT] else -1
    goat = -1
    goats = 0
    if sudden:
        if every:
            # R-004-chechevae-goats: «Если игрок заканчивает голым дублем (0-0), то все, кроме него, становятся
            # «козлами»»
            goats = ((1 << p[P_N_SIDES]) - 1) & ~(1 << p[P_SEAT_SIDE + st[ST_LAST]])
            goat = top_side(p, gs, GS_SCORE, goats)  # the goat named first: the most points
        else:
            goat = lowest_bit_index(losers)  # the side that did not go out; solo: the one loser (solo_loser: most)
    elif extra_goat:
        goat = top_side(p, gs, GS_SCORE, losers)  # one loser, but for каждый сам за себя with solo_loser: every
        if every:
            goats = losers
    elif p[P_MATCH_DEALS] > 0:
        if counted < p[P_MATCH_DEALS]:
            return -1
        # the side with the most written against it loses the match; equal: a draw
        top = 0
        for s in range(1, p[P_N_SIDES]):
            if gs[GS_SCORE + s] > gs[GS_SCORE + top]:
                top = s
        for s in range(p[P_N_SIDES]):
            if s != top and gs[GS_SCORE + s] == gs[GS_SCORE + top]:
                gs[GS_TITLES] = 0
                gs[GS_GOATS] = 0
                return LOSER_DRAW
        goat = top
    else:
        over = 0  # the sides at the target
        for s in range(p[P_N_SIDES]):
            if gs[GS_SCORE + s] >= p[P_TARGET]:
                over |= 1 << s
        if kept_00 >= 0:
            # R-004-chechevae-kept: «Если у игрока остался на руках голый дубль (0-0) … игрок автоматом
            # становится «козлом»»
            goats = 1 << kept_00
        if every:
            goats |= over
            goat = top_side(p, gs, GS_SCORE, goats)  # the goat named first: the most points
        else:
            goat = kept_00 if kept_00 >= 0 else top_side(p, gs, GS_SCORE, over)
        if goat < 0:
            return -1
    if goats == 0:
        goats = 1 << goat
    titles = TITLE_NAKED if p[P_SCORING] != SCORING_GENERALS else 0  # Генерал keeps no points: no голые козлы
    for s in range(p[P_N_SIDES]):
        if not (goats >> s & 1) and gs[GS_WROTE + s] != 0:
            titles = 0
    if out and (st[ST_OUT_TILES] & 1):
        titles |= TITLE_BALD
    if general:
        titles |= TITLE_GENERAL
    if gs[GS_HANGING] & goats:
        titles |= TITLE_HANGING  # R-004-morskoy-hanging: «повесить подвесного»
    if kept_00 >= 0:
        titles |= TITLE_KEPT_00
    if extra_goat:
        titles |= TITLE_EXTRA
    gs[GS_TITLES] = titles
    gs[GS_GOATS] = goats
    return goat


# R-004-chechevae-kept
@hot
def kept_side(p, st, tile):
    """The side of the player left holding `tile` when the deal ended, or -1."""
    for seat in range(p[P_PLAYERS]):
        if st[ST_HAND + seat] >> tile & 1:
            return p[P_SEAT_SIDE + seat]
    return -1


# --- what the engine decides about a deal once it is played (shared with the expert's leaves) ------------
# R-004-morskoy-extra, R-004-morskoy-voluntary
@hot
def mark_lead(p, st, gs, forced):
    """After a deal is played: gs[GS_EXTRA] when it opened with the extra lead, gs[GS_FAST] when its lead
    was a voluntary fast lead (on 66 or 00; `forced`: the deal's forced tile, -1 for none)."""
    if st[ST_LEAD_TILE] == FORCED_EXTRA and st[ST_MOVES] > 0:
        gs[GS_EXTRA] = 1  # R-004-morskoy-extra
    elif p[P_VOLUNTARY_FAST] and forced < 0 and st[ST_MOVES] > 0:
        # R-004-morskoy-voluntary: «Заходы на 6:6 и 0:0 - "быстрые заходы"»
        if st[ST_LEAD_TILE] == DOUBLE_TILE[6]:
            gs[GS_FAST] = 1
        elif st[ST_LEAD_TILE] == DOUBLE_TILE[0]:
            gs[GS_FAST] = 2


# R-004-match, R-004-general-fish, R-004-morskoy-replay
@hot
def no_fishing(p, gs):
    """A fish of this deal is replayed (nobody wins it) because of how it was led: a fast lead that
    writes a fixed sum, or the extra lead."""
    return (gs[GS_FAST] != 0 and p[P_FAST_WRITES] > 0) or gs[GS_EXTRA] != 0


@hot
def counts_toward_match(p, st, gs):
    """1 if the finished deal counts towards a match (R-004-match): not a fish that is replayed."""
    replayed = p[P_FISH_WINNER] == FISH_WINNER_REPLAYED or no_fishing(p, gs)
    return 0 if (st[ST_END_KIND] == END_FISH and replayed) else 1
