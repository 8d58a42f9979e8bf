import Placement
import Testing

/// Labelled frames: a hypothesis matches only a truth object of its label.
@Suite struct MultiObjectTrackingEvaluatorLabelTests {
  static let a = SIMD3<Float>(0, 0, 0)
  static let b = SIMD3<Float>(1, 0, 0)

  /// Threshold 0.1 m; A ("door") at x = 0, B ("seat") at x = 1.
  /// F1 hyps 1 door@A, 2 seat@B: 2 matches. F2 the labels swapped (1 seat@A, 2 door@B): both
  /// objects missed, both hypotheses false positives. F3 1 door@A, 3 "window"@B (a label no
  /// object has): A matched (by 1 again, no switch), B missed, 3 a false positive.
  /// Truth 6, hypotheses 6, matches 3, misses 3, FP 3, IDSW 0: MOTA = 1 - 6/6 = 0.
  /// Pair frames of one label within the threshold: (A,1) = 2 (F1, F3), (B,2) = 1 (F1):
  /// IDTP 3, IDF1 = 2·3 / 12 = 1/2.
  @Test func aHypothesisOfAnotherLabelIsAMissAndAFalsePositive() throws {
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: 0.1)
    let truth = [("A", "door", Self.a), ("B", "seat", Self.b)]
    let f1 = evaluator.addFrame(
      truth: truth, hypotheses: [(1, "door", Self.a), (2, "seat", Self.b)])
    let f2 = evaluator.addFrame(
      truth: truth, hypotheses: [(1, "seat", Self.a), (2, "door", Self.b)])
    let f3 = evaluator.addFrame(
      truth: truth, hypotheses: [(1, "door", Self.a), (3, "window", Self.b)])
    #expect(f1.map(\.hypothesisID) == [1, 2])
    #expect(f2.map(\.hypothesisID) == [nil, nil])
    #expect(f3.map(\.hypothesisID) == [1, nil] && f3.map(\.isIDSwitch) == [false, false])
    let score = evaluator.result
    #expect(score.truthCount == 6 && score.hypothesisCount == 6 && score.matchCount == 3)
    #expect(score.missCount == 3 && score.falsePositiveCount == 3 && score.idSwitchCount == 0)
    #expect(score.idTruePositiveCount == 3)
    #expect(abs(try #require(score.mota) - 0) < 1e-12)
    #expect(abs(try #require(score.idf1) - 0.5) < 1e-12)
  }

  /// A hypothesis kept from the last frame is not kept when its label no longer fits: F1 1 door@A;
  /// F2 1 seat@A and 2 door@A: A is matched by 2, an identity switch (1 -> 2), and 1 is a false
  /// positive. Truth 2, hyps 3, matches 2, FP 1, IDSW 1: MOTA = 1 - 2/2 = 0.
  @Test func lastFramesMatchIsDroppedWhenTheLabelChanges() throws {
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: 0.1)
    evaluator.addFrame(truth: [("A", "door", Self.a)], hypotheses: [(1, "door", Self.a)])
    let f2 = evaluator.addFrame(
      truth: [("A", "door", Self.a)], hypotheses: [(1, "seat", Self.a), (2, "door", Self.a)])
    #expect(f2.map(\.hypothesisID) == [2] && f2.map(\.isIDSwitch) == [true])
    let score = evaluator.result
    #expect(score.matchCount == 2 && score.falsePositiveCount == 1 && score.idSwitchCount == 1)
    #expect(abs(try #require(score.mota) - 0) < 1e-12)
  }

  /// The edge rule with labels: A ("door", not counted: out of view) and B ("seat", counted);
  /// hyps 1 door@A, 2 seat@A, 3 seat@B, all counted. 1 matches A, which does not count: neither
  /// a match nor a false positive. 2 sits on A with another label: it matches nothing, a false
  /// positive. 3 matches B. Counted: truth 1, hyps 2 (2, 3), matches 1, FP 1: MOTA = 1 - 1/1 = 0.
  @Test func aWrongLabelOnAnObjectOutOfViewIsAFalsePositive() throws {
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: 0.1)
    let matches = evaluator.addFrame(
      truth: [("A", "door", Self.a), ("B", "seat", Self.b)],
      hypotheses: [(1, "door", Self.a), (2, "seat", Self.a), (3, "seat", Self.b)],
      countedTruth: [false, true])
    #expect(matches.map(\.hypothesisID) == [1, 3])
    let counted = evaluator.countedResult
    #expect(counted.truthCount == 1 && counted.hypothesisCount == 2 && counted.matchCount == 1)
    #expect(counted.falsePositiveCount == 1 && counted.missCount == 0)
    #expect(abs(try #require(counted.mota) - 0) < 1e-12)
  }
}
