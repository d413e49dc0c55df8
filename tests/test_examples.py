"""The seven worked examples of section 12 of the main rules text, verbatim."""

from helpers import Game, Position, out_by, params

from kozel_stats.engine import core as C
from kozel_stats.engine import game as E
from kozel_stats.engine.codes import TITLE_BALD, TITLE_NAKED

A, B = 0, 1


# R-end-out, R-score-out, R-score-sums, R-threshold, R-lead-next
def test_example_1_out():
    # "Игрок пары Б выложил последнюю кость. У игрока пары А остались 56, 44, 02:
    # 11 + 8 + 2 = 21. У его партнёра 36: 9. Сумма 21 + 9 = 30 ... пара А записывает 30
    # и открывает запись. Следующую сдачу начинает вышедший."
    g = Game()
    result = g.deal(out_by(1, ("56 44 02", "36")))
    assert result["loser"] == A
    assert result["written"] == [30, 0]
    assert result["score"] == [30, 0]
    assert g.gs[E.GS_OPENED + A] == 1
    assert E.next_leader(g.p, 0, 0, 1, 1 << A) == 1  # the player who went out


# R-threshold
def test_example_2_threshold():
    # "Пара А проигрывает четыре сдачи подряд. Суммы: 11, 12, 15, 5" -> 0, 0, 15, 5: 20.
    g = Game()
    hands = {11: ("34", "04"), 12: ("35", "04"), 15: ("56", "04"), 5: ("03", "02")}
    written = [g.deal(out_by(1, hands[s]))["written"][A] for s in (11, 12, 15, 5)]
    assert written == [0, 0, 15, 5]
    assert g.gs[E.GS_SCORE + A] == 20


# R-fish-visible, R-fish-winner, R-fish-writes, R-score-specials
def test_example_3_fish():
    # "Последним ходом рыбак сделал оба конца цепочки пятёрками, все семь костей масти 5
    # уже на столе. У пары А на руках 66, 12 (15) и 03, 44 (11): всего 26. У пары Б 36 (9)
    # и 01, 24 (7): всего 16." B wins, A writes 26, no special value.
    position = Position(["66 12", "36", "03 44", "01 24"], ends=(5, 5))
    assert C.is_fish(params(), position.st)
    g = Game()
    fisherman = 3
    result = g.deal(position.end("fish", fisherman))
    assert result["sums"] == [26, 16]
    assert result["loser"] == A
    assert result["written"] == [26, 0]
    assert E.next_leader(g.p, 0, 1, fisherman, 1 << A) == fisherman


# R-eggs, R-eggs-pot
def test_example_4_eggs():
    # "У пары А 46, 11, 26: 20. У пары Б 44, 04, 34, 01: 20 ... переносится 20. В ней
    # проигрывает пара Б, у которой на руках 10 очков ... 10 + 20 = 30 ... записывает 30."
    g = Game()
    eggs = g.deal(Position(["46 11", "44 04", "26", "34 01"], ends=(5, 5)).end("fish", 0))
    assert eggs["sums"] == [20, 20]
    assert eggs["loser"] == -1 and eggs["written"] == [0, 0]
    assert eggs["carry"] == 20
    result = g.deal(out_by(0, ("14", "05")))
    assert result["loser"] == B
    assert result["written"] == [0, 30]
    assert result["carry"] == 0


# R-move-two-doubles, R-morskoy-66
def test_example_5_two_doubles():
    # "Концы цепочки 3 и 6, у вас остались только 33 и 66. Вы кладёте 33 на конец 3 и 66
    # на конец 6 одним ходом: рука пуста, вы вышли. В «Морском козле» такой выход с 66
    # даёт проигравшим 100 очков."
    position = Position(["33 66", "01", "02", "04"], ends=(3, 6))
    p = params()
    assert [("33", 3), ("66", 6)] in position.legal(p, 0)
    moves = __import__("numpy").zeros(C.MAX_MOVES, dtype="int64")
    n = C.legal_moves(p, position.st, 0, moves)
    two = [m for m in moves[:n] if m & 7 == 2][0]
    C.apply_move(position.st, 0, two)
    assert position.st[C.ST_HAND] == 0  # the hand is empty: an out
    assert (position.st[C.ST_END], position.st[C.ST_END + 1]) == (3, 6)  # ends unchanged
    sea = Game(threshold_value=25, shared_score=True, target=125, out_00_ends_game=True, out_66_writes=100)
    result = sea.deal(Position(["", "01", "", "04"]).end("out", 0, "33 66"))
    assert result["written"] == [0, 100]


# R-game-target, R-title-naked
def test_example_6_end_of_game():
    # "У пары А 95 очков, у пары Б 0. Пара А проигрывает сдачу с суммой 14: 95 + 14 = 109
    # ... «козлы» ... «голые козлы». При сумме 5 счёт был бы 100: партия продолжилась бы."
    g = Game()
    g.set_score(95, 0)
    result = g.deal(out_by(1, ("56", "03")))
    assert result["score"] == [109, 0]
    assert result["titles"] >= 0 and result["titles"] & TITLE_NAKED
    g = Game()
    g.set_score(95, 0)
    result = g.deal(out_by(1, ("04", "01")))
    assert result["score"] == [100, 0]
    assert result["titles"] == -1  # the game goes on


# R-morskoy-shared, R-morskoy-66
def test_example_7_morskoy():
    # Морской козёл: 18 (A) nothing; 40 (A) -> A 40; 20 (B) nothing; 30 (B) burns A, B 30;
    # 12 (B) -> B 42; A goes out on 66 -> B writes 100: 142 >= 125, B are "морские козлы".
    g = Game(threshold_value=25, shared_score=True, target=125, out_00_ends_game=True, out_66_writes=100)
    steps = [
        (out_by(1, ("56 15", "01")), [0, 0]),  # A loses 18
        (out_by(1, ("66 56 55", "34")), [40, 0]),  # A loses 40 (no lone 66: plain)
        (out_by(0, ("56 34", "02")), [40, 0]),  # B loses 20
        (out_by(0, ("56 45", "55")), [0, 30]),  # B loses 30: A's score burns
        (out_by(0, ("56", "01")), [0, 42]),  # B loses 12, open score takes any sum
    ]
    for position, score in steps:
        result = g.deal(position)
        assert result["score"] == score
        assert result["titles"] == -1
    result = g.deal(out_by(0, ("56 45", "02"), out_move="66"))
    assert result["written"] == [0, 100]
    assert result["score"] == [0, 142]
    assert result["loser"] == B and result["titles"] >= 0
    assert not result["titles"] & TITLE_BALD
