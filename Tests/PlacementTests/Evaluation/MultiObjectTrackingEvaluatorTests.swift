import Placement
import Testing

@Suite struct MultiObjectTrackingEvaluatorTests {
  /// Hand-scored sequence (threshold 0.1 m; A at x = 0, B at x = 1):
  /// F1 hyps 1@A, 2@B: 2 matches. F2 hyp 1@A: B missed. F3 hyps 1@B, 3@A: A 1->3 and B 2->1 are
  /// two ID switches. F4 truth A only, hyps 3@A, 4 far: 1 false positive.
  /// Truth 7, hypotheses 7, misses 1, FP 1, IDSW 2: MOTA = 1 - 4/7 = 3/7.
  /// Pair frames: (A,1)=2, (B,2)=1, (A,3)=2, (B,1)=1; best one-to-one IDTP = 3: IDF1 = 6/14 = 3/7.
  @Test func handScoredSequence() throws {
    let a = SIMD3<Float>(0, 0, 0)
    let b = SIMD3<Float>(1, 0, 0)
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: 0.1)
    let f1 = evaluator.addFrame(truth: [("A", a), ("B", b)], hypotheses: [(1, a), (2, b)])
    let f2 = evaluator.addFrame(truth: [("A", a), ("B", b)], hypotheses: [(1, a)])
    let f3 = evaluator.addFrame(truth: [("A", a), ("B", b)], hypotheses: [(1, b), (3, a)])
    let f4 = evaluator.addFrame(truth: [("A", a)], hypotheses: [(3, a), (4, SIMD3(5, 0, 0))])
    #expect(f1.map(\.hypothesisID) == [1, 2] && f1.map(\.isIDSwitch) == [false, false])
    #expect(f2.map(\.hypothesisID) == [1, nil] && f2.map(\.isIDSwitch) == [false, false])
    #expect(f3.map(\.hypothesisID) == [3, 1] && f3.map(\.isIDSwitch) == [true, true])
    #expect(f4.map(\.truthID) == ["A"] && f4.map(\.hypothesisID) == [3])
    let score = evaluator.result
    #expect(score.truthCount == 7)
    #expect(score.hypothesisCount == 7)
    #expect(score.matchCount == 6)
    #expect(score.missCount == 1)
    #expect(score.falsePositiveCount == 1)
    #expect(score.idSwitchCount == 2)
    #expect(score.idTruePositiveCount == 3)
    #expect(abs(try #require(score.mota) - 3.0 / 7) < 1e-12)
    #expect(abs(try #require(score.idf1) - 3.0 / 7) < 1e-12)
    #expect(score.idSwitchesPer1000Frames == 500)
  }

  /// The hand-scored sequence above with truth ids interned (keys, as replay passes them), "B"
  /// interned before "A" and "A" listed twice in F2 (the duplicate is ignored): the same
  /// matches and scores.
  @Test func internedKeysScoreLikeIDs() throws {
    let a = SIMD3<Float>(0, 0, 0)
    let b = SIMD3<Float>(1, 0, 0)
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: 0.1)
    let keyB = evaluator.intern("B")
    let keyA = evaluator.intern("A")
    #expect(keyB == 0 && keyA == 1 && evaluator.intern("B") == 0)
    let f1 = evaluator.addFrame(
      internedTruth: [(keyA, a), (keyB, b)], hypotheses: [(1, a), (2, b)], countedTruth: nil)
    let f2 = evaluator.addFrame(
      internedTruth: [(keyA, a), (keyA, b), (keyB, b)], hypotheses: [(1, a)], countedTruth: nil)
    let f3 = evaluator.addFrame(
      internedTruth: [(keyA, a), (keyB, b)], hypotheses: [(1, b), (3, a)], countedTruth: nil)
    let f4 = evaluator.addFrame(
      internedTruth: [(keyA, a)], hypotheses: [(3, a), (4, SIMD3(5, 0, 0))], countedTruth: nil)
    #expect(f1.map(\.hypothesisID) == [1, 2])
    #expect(f2.map(\.truthKey) == [keyA, keyB] && f2.map(\.hypothesisID) == [1, nil])
    #expect(f3.map(\.hypothesisID) == [3, 1] && f3.map(\.isIDSwitch) == [true, true])
    #expect(f4.map(\.hypothesisID) == [3])
    let score = evaluator.result
    #expect(score.truthCount == 7 && score.hypothesisCount == 7 && score.matchCount == 6)
    #expect(score.missCount == 1 && score.falsePositiveCount == 1 && score.idSwitchCount == 2)
    #expect(score.idTruePositiveCount == 3)
    #expect(evaluator.countedResult == score)
  }

  @Test func perfectTrackingScoresOne() {
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: 0.01)
    for i in 0..<10 {
      let p = SIMD3<Float>(Float(i) * 0.001, 0, 0)
      evaluator.addFrame(truth: [("A", p)], hypotheses: [(7, p)])
    }
    #expect(evaluator.result.mota == 1)
    #expect(evaluator.result.idf1 == 1)
  }

  /// Counted scores (threshold 0.1 m; A at x = 0, B at x = 1; "far" at x = 5):
  /// F1 A counted, B not; hyps 1@A, 2@B, 3 far, all counted. F2 both counted; hyp 1@A.
  /// F3 A counted, B not; hyps 1@A and 5 far, neither counted (say, just off screen).
  /// All: truth 6, hyps 6, matches 4, misses 2 (B in F2, F3), FP 2 (3, 5).
  /// Counted: truth 4 (A, A, B, A); hyps 1, 3 (F1: 2 sits on B, not counted), 1 (F2), 1 (F3:
  /// not counted but matches A; 5 is not counted and unmatched) = 4; matches 3, misses 1, FP 1
  /// (3): MOTA = 1 - 2/4 = 1/2; pair frames (A,1) = 3 only: IDF1 = 2·3 / (4 + 4) = 3/4.
  @Test func countedScoresLeaveOutWhatIsNotCounted() throws {
    let a = SIMD3<Float>(0, 0, 0)
    let b = SIMD3<Float>(1, 0, 0)
    let far = SIMD3<Float>(5, 0, 0)
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: 0.1)
    evaluator.addFrame(
      truth: [("A", a), ("B", b)], hypotheses: [(1, a), (2, b), (3, far)],
      countedTruth: [true, false])
    evaluator.addFrame(
      truth: [("A", a), ("B", b)], hypotheses: [(1, a)], countedTruth: [true, true])
    evaluator.addFrame(
      truth: [("A", a), ("B", b)], hypotheses: [(1, a), (5, far)], countedTruth: [true, false],
      countedHypotheses: [false, false])
    let all = evaluator.result
    #expect(all.truthCount == 6 && all.hypothesisCount == 6 && all.matchCount == 4)
    #expect(all.missCount == 2 && all.falsePositiveCount == 2)
    let counted = evaluator.countedResult
    #expect(counted.truthCount == 4 && counted.hypothesisCount == 4 && counted.matchCount == 3)
    #expect(counted.missCount == 1 && counted.falsePositiveCount == 1)
    #expect(counted.idTruePositiveCount == 3)
    #expect(abs(try #require(counted.mota) - 0.5) < 1e-12)
    #expect(abs(try #require(counted.idf1) - 0.75) < 1e-12)
  }

  /// A switch that happens while the object does not count (marker 1 replaced by 2 off screen)
  /// is counted in the counted scores when the object shows again (F3), in the full ones when it
  /// happens (F2).
  @Test func aSwitchOffScreenCountsWhenItShows() throws {
    let a = SIMD3<Float>(0, 0, 0)
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: 0.1)
    evaluator.addFrame(truth: [("A", a)], hypotheses: [(1, a)], countedTruth: [true])
    let f2 = evaluator.addFrame(truth: [("A", a)], hypotheses: [(2, a)], countedTruth: [false])
    #expect(f2.map(\.isIDSwitch) == [true])
    #expect(evaluator.countedResult.idSwitchCount == 0)
    evaluator.addFrame(truth: [("A", a)], hypotheses: [(2, a)], countedTruth: [true])
    #expect(evaluator.countedResult.idSwitchCount == 1)
    #expect(evaluator.result.idSwitchCount == 1)
  }
}
