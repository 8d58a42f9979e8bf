import SpatialMath
import Testing

@testable import Placement

/// Hand-worked suppression. The candidates (Vision boxes, one class each unless noted):
///
/// | # | box (x, y, w, h) | class: confidence | IoU with c0 |
/// |---|---|---|---|
/// | c0 | 0.10, 0.10, 0.20, 0.20 | a: 0.90 | 1 |
/// | c1 | 0.12, 0.10, 0.20, 0.20 | a: 0.80 | 0.036 / 0.044 = 0.818 |
/// | c2 | 0.20, 0.10, 0.20, 0.20 | a: 0.70 | 0.02 / 0.06 = 0.333 |
/// | c3 | 0.11, 0.10, 0.20, 0.20 | b: 0.85 | 0.038 / 0.042 = 0.905 |
/// | c4 | 0.60, 0.60, 0.10, 0.10 | a: 0.20 (below 0.25) | 0 |
/// | c5 | 0.60, 0.60, 0.10, 0.10 | b: 0.25 (at the threshold) | 0 |
///
/// Score order: c0 0.90, c3 0.85, c1 0.80, c2 0.70, c5 0.25 (c4 dropped).
@Suite("NonMaximumSuppression")
struct NonMaximumSuppressionTests {
  static func candidate(
    _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ scores: [(String, Float)]
  ) -> DetectionCandidate {
    DetectionCandidate(
      boundingBox: Rect(x: x, y: y, width: w, height: h),
      classConfidences: scores.map { Detection.RankedLabel(identifier: $0.0, confidence: $0.1) })
  }

  static let table = [
    candidate(0.10, 0.10, 0.20, 0.20, [("a", 0.90)]),
    candidate(0.12, 0.10, 0.20, 0.20, [("a", 0.80)]),
    candidate(0.20, 0.10, 0.20, 0.20, [("a", 0.70)]),
    candidate(0.11, 0.10, 0.20, 0.20, [("b", 0.85)]),
    candidate(0.60, 0.60, 0.10, 0.10, [("a", 0.20)]),
    candidate(0.60, 0.60, 0.10, 0.10, [("b", 0.25)]),
  ]

  static func nms(
    _ scope: NonMaximumSuppression.Scope, iou: Double = 0.45, confidence: Double = 0.25,
    maximum: Int? = nil
  ) throws -> NonMaximumSuppression {
    try NonMaximumSuppression(
      iouThreshold: iou, confidenceThreshold: confidence, scope: scope, maximumDetections: maximum)
  }

  @Test("Per class: c1 falls to c0 (0.818), c3 survives as class b, c2 (0.333) and c5 stay")
  func perClass() throws {
    #expect(try Self.nms(.perClass).keptIndices(of: Self.table) == [0, 3, 2, 5])
  }

  @Test("Class-agnostic: c3 (0.905 with c0) is suppressed too")
  func classAgnostic() throws {
    #expect(try Self.nms(.classAgnostic).keptIndices(of: Self.table) == [0, 2, 5])
  }

  @Test("The maximum keeps the best ones")
  func maximum() throws {
    #expect(try Self.nms(.perClass, maximum: 2).keptIndices(of: Self.table) == [0, 3])
  }

  @Test("A lower IoU threshold suppresses c2 (0.333) as well")
  func lowerIoU() throws {
    #expect(try Self.nms(.perClass, iou: 0.3).keptIndices(of: Self.table) == [0, 3, 5])
  }

  @Test("IoU exactly at the threshold keeps the box; just above it suppresses")
  func thresholdEquality() throws {
    // B inside A: overlap 0.5 x 0.25 = 0.125, union 0.25: IoU exactly 0.5 in binary arithmetic.
    let pair = [
      Self.candidate(0, 0, 0.5, 0.5, [("a", 0.9)]),
      Self.candidate(0, 0, 0.5, 0.25, [("a", 0.8)]),
    ]
    #expect(
      Rect(x: 0, y: 0, width: 0.5, height: 0.5).intersectionOverUnion(
        with: Rect(x: 0, y: 0, width: 0.5, height: 0.25)) == 0.5)
    #expect(try Self.nms(.perClass, iou: 0.5).keptIndices(of: pair) == [0, 1])
    #expect(try Self.nms(.perClass, iou: 0.4999).keptIndices(of: pair) == [0])
    // IoU threshold 1 never suppresses; 0 suppresses any overlap.
    #expect(try Self.nms(.perClass, iou: 1).keptIndices(of: Self.table) == [0, 3, 1, 2, 5])
    #expect(try Self.nms(.classAgnostic, iou: 0).keptIndices(of: Self.table) == [0, 5])
  }

  @Test("Equal scores keep input order; identical boxes keep only the first")
  func ties() throws {
    let twins = [
      Self.candidate(0.1, 0.1, 0.2, 0.2, [("a", 0.5)]),
      Self.candidate(0.1, 0.1, 0.2, 0.2, [("a", 0.5)]),
    ]
    #expect(try Self.nms(.perClass).keptIndices(of: twins) == [0])
  }

  @Test("Invalid boxes and classless candidates are dropped, not kept or crashed on")
  func invalid() throws {
    let bad = [
      Self.candidate(.nan, 0.1, 0.2, 0.2, [("a", 0.9)]),
      Self.candidate(0.1, 0.1, -0.2, 0.2, [("a", 0.9)]),
      DetectionCandidate(
        boundingBox: Rect(x: 0.1, y: 0.1, width: 0.2, height: 0.2), classConfidences: []),
      Self.candidate(0.5, 0.5, 0.2, 0.2, [("a", .nan)]),
      Self.candidate(0.5, 0.5, 0.2, 0.2, [("a", 0.6)]),
    ]
    #expect(try Self.nms(.classAgnostic).keptIndices(of: bad) == [4])
  }

  @Test("The observation: best class as label, confidence the capped sum, labels ranked")
  func observation() throws {
    let c = Self.candidate(0.1, 0.2, 0.3, 0.4, [("a", 0.3), ("b", 0.4), ("c", 0)])
    let d = try #require(c.detection())
    #expect(d.label == "b")
    #expect(abs(d.confidence - 0.7) < 1e-6)
    #expect(d.rankedLabels.map(\.identifier) == ["b", "a"])
    #expect(d.boundingBox == Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
    let capped = try #require(Self.candidate(0, 0, 0.1, 0.1, [("a", 0.7), ("b", 0.6)]).detection())
    #expect(capped.confidence == 1)
    // A tie in the best class goes to the identifier that sorts first.
    let tie = Self.candidate(0, 0, 0.1, 0.1, [("zeta", 0.5), ("alpha", 0.5)])
    #expect(tie.bestClass?.identifier == "alpha")
    #expect(
      try Self.nms(.perClass).detections(from: Self.table).map(\.label) == ["a", "b", "a", "b"])
  }

  @Test("Per-class suppression groups by the best class, not by every class")
  func groupsByBestClass() throws {
    // c1's best class is b although it also scores a; c0's is a: different groups, both stay.
    let pair = [
      Self.candidate(0.1, 0.1, 0.2, 0.2, [("a", 0.6), ("b", 0.3)]),
      Self.candidate(0.1, 0.1, 0.2, 0.2, [("a", 0.3), ("b", 0.5)]),
    ]
    #expect(try Self.nms(.perClass).keptIndices(of: pair) == [0, 1])
    #expect(try Self.nms(.classAgnostic).keptIndices(of: pair) == [0])
  }

  @Test("Bad settings are refused with the value named")
  func configuration() {
    #expect(throws: NonMaximumSuppression.ConfigurationError.iouThresholdOutOfRange(1.5)) {
      try Self.nms(.perClass, iou: 1.5)
    }
    #expect(throws: NonMaximumSuppression.ConfigurationError.confidenceThresholdOutOfRange(-0.1)) {
      try Self.nms(.perClass, confidence: -0.1)
    }
    #expect(throws: NonMaximumSuppression.ConfigurationError.maximumDetectionsNotPositive(0)) {
      try Self.nms(.perClass, maximum: 0)
    }
    #expect(throws: NonMaximumSuppression.ConfigurationError.self) {
      try Self.nms(.perClass, iou: .nan)
    }
    #expect(NonMaximumSuppression.yolov3Tiny.iouThreshold == 0.45)
    #expect(NonMaximumSuppression.yolov3Tiny.confidenceThreshold == 0.25)
  }

  @Test(
    "Seeded random candidates: the output obeys the definition", arguments: [1, 2, 3] as [UInt64])
  func properties(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let labels = ["a", "b", "c"]
    let candidates = (0..<120).map { _ in
      let w = random.uniform(0.05...0.2)
      let h = random.uniform(0.05...0.2)
      return DetectionCandidate(
        boundingBox: Rect(
          x: random.uniform(0...(1 - w)), y: random.uniform(0...(1 - h)), width: w, height: h),
        classConfidences: labels.map {
          Detection.RankedLabel(identifier: $0, confidence: Float(random.uniform(0...0.5)))
        })
    }
    for scope in NonMaximumSuppression.Scope.allCases {
      let nms = try Self.nms(scope, iou: 0.4, confidence: 0.2)
      let kept = nms.keptIndices(of: candidates)
      let keptSet = Set(kept)
      func group(_ i: Int) -> String? {
        scope == .perClass ? candidates[i].bestClass?.identifier : nil
      }
      func score(_ i: Int) -> Float { candidates[i].bestClass?.confidence ?? 0 }
      // No two kept boxes of one group overlap by more than the threshold.
      for (i, a) in kept.enumerated() {
        for b in kept[(i + 1)...] where group(a) == group(b) {
          #expect(
            candidates[a].boundingBox.intersectionOverUnion(with: candidates[b].boundingBox) <= 0.4,
            "seed \(seed): kept \(a) and \(b) overlap")
        }
      }
      // Scores are non-increasing.
      #expect(zip(kept, kept.dropFirst()).allSatisfy { score($0) >= score($1) })
      // Every dropped candidate above the threshold overlaps a kept one of its group that
      // scores at least as much.
      for i in candidates.indices where !keptSet.contains(i) && score(i) >= 0.2 {
        let explained = kept.contains { k in
          group(k) == group(i) && score(k) >= score(i)
            && candidates[k].boundingBox.intersectionOverUnion(with: candidates[i].boundingBox)
              > 0.4
        }
        #expect(explained, "seed \(seed): candidate \(i) dropped without a reason")
      }
      #expect(!kept.isEmpty)
    }
  }
}
