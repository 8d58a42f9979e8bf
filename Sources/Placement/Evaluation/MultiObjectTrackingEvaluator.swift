import SpatialMath

/// CLEAR-MOT (MOTA, ID switches) and identity (IDF1) scores of tracker output against truth, with
/// matching by 3D world distance.
///
/// Per frame, a truth object and a hypothesis (a shown marker) can match when they are at most
/// `thresholdMeters` apart. CLEAR-MOT keeps last frame's correspondences that are still within the
/// threshold, then matches the rest optimally (minimum total distance); a truth matched to a
/// different hypothesis than at its previous match is an ID switch. IDF1 matches whole
/// trajectories one-to-one to maximize the frames in which matched pairs are within the threshold
/// (IDTP): `IDF1 = 2 IDTP / (truth detections + hypothesis detections)`.
public struct MultiObjectTrackingEvaluator: Sendable {
  /// The matching distance, metres (e.g. half the spacing of neighbouring objects).
  public let thresholdMeters: Float
  var lastMatch: [String: Int] = [:]
  var pairFrames: [PairKey: Int] = [:]
  var truthFrames: [String: Int] = [:]
  var hypothesisFrames: [Int: Int] = [:]
  var score = MultiObjectTrackingScore()

  struct PairKey: Hashable, Sendable {
    var truth: String
    var hypothesis: Int
  }

  /// Creates an evaluator with a matching threshold in metres.
  public init(thresholdMeters: Float) { self.thresholdMeters = thresholdMeters }

  /// Adds one frame: the truth objects present (`id`, world position in metres) and the
  /// hypotheses (marker id, world position). Ids must be unique within a frame (duplicates after
  /// the first are ignored); non-finite positions never match. Returns this frame's matches, one
  /// per (deduplicated) truth object in input order.
  @discardableResult
  public mutating func addFrame(
    truth: [(id: String, position: SIMD3<Float>)], hypotheses: [(id: Int, position: SIMD3<Float>)]
  ) -> [MultiObjectTrackingMatch] {
    var seenTruth = Set<String>()
    let truth = truth.filter { seenTruth.insert($0.id).inserted }
    var seenHypotheses = Set<Int>()
    let hypotheses = hypotheses.filter { seenHypotheses.insert($0.id).inserted }
    score.frameCount += 1
    score.truthCount += truth.count
    score.hypothesisCount += hypotheses.count
    for t in truth { truthFrames[t.id, default: 0] += 1 }
    for h in hypotheses { hypothesisFrames[h.id, default: 0] += 1 }

    func within(_ t: Int, _ h: Int) -> Float? {
      let d = truth[t].position.distance(to: hypotheses[h].position)
      return d.isFinite && d <= thresholdMeters ? d : nil
    }
    for t in truth.indices {
      for h in hypotheses.indices where within(t, h) != nil {
        pairFrames[PairKey(truth: truth[t].id, hypothesis: hypotheses[h].id), default: 0] += 1
      }
    }

    var hypothesisOfTruth = [Int?](repeating: nil, count: truth.count)
    var switched = [Bool](repeating: false, count: truth.count)
    var hypothesisTaken = [Bool](repeating: false, count: hypotheses.count)
    for t in truth.indices {
      guard let previous = lastMatch[truth[t].id],
        let h = hypotheses.firstIndex(where: { $0.id == previous }), !hypothesisTaken[h],
        within(t, h) != nil
      else { continue }
      hypothesisOfTruth[t] = h
      hypothesisTaken[h] = true
    }
    let freeTruth = truth.indices.filter { hypothesisOfTruth[$0] == nil }
    let freeHypotheses = hypotheses.indices.filter { !hypothesisTaken[$0] }
    if !freeTruth.isEmpty && !freeHypotheses.isEmpty {
      let costs = freeTruth.map { t in
        freeHypotheses.map { h in within(t, h).map(Double.init) ?? .infinity }
      }
      for (row, column) in LinearAssignment.minimumCostAssignment(costs: costs).enumerated() {
        guard let column else { continue }
        let t = freeTruth[row]
        let h = freeHypotheses[column]
        hypothesisOfTruth[t] = h
        hypothesisTaken[h] = true
        if let previous = lastMatch[truth[t].id], previous != hypotheses[h].id {
          score.idSwitchCount += 1
          switched[t] = true
        }
      }
    }
    for t in truth.indices {
      if let h = hypothesisOfTruth[t] {
        score.matchCount += 1
        lastMatch[truth[t].id] = hypotheses[h].id
      } else {
        score.missCount += 1
      }
    }
    score.falsePositiveCount += hypothesisTaken.filter { !$0 }.count
    return truth.indices.map { t in
      MultiObjectTrackingMatch(
        truthID: truth[t].id, hypothesisID: hypothesisOfTruth[t].map { hypotheses[$0].id },
        isIDSwitch: switched[t])
    }
  }

  /// The scores so far.
  ///
  /// - Complexity: O(n² m) in the numbers of distinct truth and hypothesis ids (IDF1 matching).
  public var result: MultiObjectTrackingScore {
    var result = score
    let truthIDs = truthFrames.keys.sorted()
    let hypothesisIDs = hypothesisFrames.keys.sorted()
    var idTruePositives = 0
    if !truthIDs.isEmpty && !hypothesisIDs.isEmpty {
      let costs = truthIDs.map { t in
        hypothesisIDs.map { h -> Double in
          let frames = pairFrames[PairKey(truth: t, hypothesis: h)] ?? 0
          return frames > 0 ? -Double(frames) : .infinity
        }
      }
      for (row, column) in LinearAssignment.minimumCostAssignment(costs: costs).enumerated() {
        guard let column else { continue }
        idTruePositives +=
          pairFrames[PairKey(truth: truthIDs[row], hypothesis: hypothesisIDs[column])] ?? 0
      }
    }
    result.idTruePositiveCount = idTruePositives
    return result
  }
}

/// How one truth object was matched in one frame (`MultiObjectTrackingEvaluator.addFrame`).
public struct MultiObjectTrackingMatch: Sendable, Hashable {
  /// The truth object's id.
  public var truthID: String
  /// The matched hypothesis (marker id), or `nil` for a miss.
  public var hypothesisID: Int?
  /// Whether this match is an identity switch: the object was last matched to another hypothesis.
  public var isIDSwitch: Bool

  /// Creates a match record.
  public init(truthID: String, hypothesisID: Int?, isIDSwitch: Bool) {
    self.truthID = truthID
    self.hypothesisID = hypothesisID
    self.isIDSwitch = isIDSwitch
  }
}

/// Accumulated MOT counts and the scores derived from them.
public struct MultiObjectTrackingScore: Sendable, Hashable, Codable {
  /// Frames evaluated.
  public var frameCount = 0
  /// Truth objects summed over frames (ground-truth detections).
  public var truthCount = 0
  /// Hypotheses (shown markers) summed over frames.
  public var hypothesisCount = 0
  /// Matched truth objects summed over frames.
  public var matchCount = 0
  /// Unmatched truth objects summed over frames (missed markers).
  public var missCount = 0
  /// Unmatched hypotheses summed over frames (false markers shown).
  public var falsePositiveCount = 0
  /// Identity switches.
  public var idSwitchCount = 0
  /// Frames in which IDF1-matched trajectory pairs were within the threshold.
  public var idTruePositiveCount = 0

  /// Creates empty counts.
  public init() {}

  /// `MOTA = 1 - (misses + false positives + ID switches) / truth count`; `nil` without truth.
  public var mota: Double? {
    guard truthCount > 0 else { return nil }
    return 1 - Double(missCount + falsePositiveCount + idSwitchCount) / Double(truthCount)
  }

  /// `IDF1 = 2 IDTP / (truth count + hypothesis count)`; `nil` when both counts are zero.
  public var idf1: Double? {
    guard truthCount + hypothesisCount > 0 else { return nil }
    return 2 * Double(idTruePositiveCount) / Double(truthCount + hypothesisCount)
  }

  /// ID switches per 1000 frames; `nil` without frames.
  public var idSwitchesPer1000Frames: Double? {
    guard frameCount > 0 else { return nil }
    return Double(idSwitchCount) * 1000 / Double(frameCount)
  }
}
