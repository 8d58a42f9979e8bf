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
///
/// A frame may mark some truth objects as not counted (`addFrame(truth:hypotheses:counted:)`):
/// they take part in the matching like any other, so a hypothesis on one of them is not a false
/// positive, but ``countedResult`` scores only the counted ones ("don't care" regions): its truth
/// count, matches, misses and ID switches are over counted objects, and its hypotheses are the
/// frame's hypotheses less those matched to objects not counted. ``result`` counts everything.
public struct MultiObjectTrackingEvaluator: Sendable {
  /// The matching distance, metres (e.g. half the spacing of neighbouring objects).
  public let thresholdMeters: Float
  var lastMatch: [String: Int] = [:]
  var allTally = Tally()
  var countedTally = Tally()

  struct PairKey: Hashable, Sendable {
    var truth: String
    var hypothesis: Int
  }

  /// Counts and per-pair frame numbers of one score.
  struct Tally: Sendable {
    var score = MultiObjectTrackingScore()
    var pairFrames: [PairKey: Int] = [:]
    var truthFrames: [String: Int] = [:]
    var hypothesisFrames: [Int: Int] = [:]

    /// The score with its IDF1 true positives (optimal one-to-one trajectory matching).
    var result: MultiObjectTrackingScore {
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
    addFrame(truth: truth, hypotheses: hypotheses, counted: nil)
  }

  /// Adds one frame in which only the truth objects whose `counted` entry is `true` (parallel to
  /// `truth`; `nil`: all) count in ``countedResult`` (see the type's documentation).
  ///
  /// - Precondition: `counted`, when given, has one entry per `truth` entry.
  @discardableResult
  public mutating func addFrame(
    truth: [(id: String, position: SIMD3<Float>)], hypotheses: [(id: Int, position: SIMD3<Float>)],
    counted: [Bool]?
  ) -> [MultiObjectTrackingMatch] {
    precondition(counted.map { $0.count == truth.count } ?? true, "one counted flag per truth")
    var seenTruth = Set<String>()
    var isCounted: [Bool] = []
    var unique: [(id: String, position: SIMD3<Float>)] = []
    for (index, t) in truth.enumerated() where seenTruth.insert(t.id).inserted {
      unique.append(t)
      isCounted.append(counted?[index] ?? true)
    }
    let truth = unique
    var seenHypotheses = Set<Int>()
    let hypotheses = hypotheses.filter { seenHypotheses.insert($0.id).inserted }

    func within(_ t: Int, _ h: Int) -> Float? {
      let d = truth[t].position.distance(to: hypotheses[h].position)
      return d.isFinite && d <= thresholdMeters ? d : nil
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
          switched[t] = true
        }
      }
    }
    for t in truth.indices {
      if let h = hypothesisOfTruth[t] { lastMatch[truth[t].id] = hypotheses[h].id }
    }

    // A hypothesis matched to an object that is not counted is left out of the counted tally.
    var ignoredHypothesis = [Bool](repeating: false, count: hypotheses.count)
    for t in truth.indices where !isCounted[t] {
      if let h = hypothesisOfTruth[t] { ignoredHypothesis[h] = true }
    }
    func tally(
      _ tally: inout Tally, truthIncluded: (Int) -> Bool, hypothesisIncluded: (Int) -> Bool
    ) {
      tally.score.frameCount += 1
      for t in truth.indices where truthIncluded(t) {
        tally.score.truthCount += 1
        tally.truthFrames[truth[t].id, default: 0] += 1
        if hypothesisOfTruth[t] != nil {
          tally.score.matchCount += 1
        } else {
          tally.score.missCount += 1
        }
        if switched[t] { tally.score.idSwitchCount += 1 }
      }
      for h in hypotheses.indices where hypothesisIncluded(h) {
        tally.score.hypothesisCount += 1
        tally.hypothesisFrames[hypotheses[h].id, default: 0] += 1
        if !hypothesisTaken[h] { tally.score.falsePositiveCount += 1 }
      }
      for t in truth.indices where truthIncluded(t) {
        for h in hypotheses.indices where hypothesisIncluded(h) && within(t, h) != nil {
          tally.pairFrames[PairKey(truth: truth[t].id, hypothesis: hypotheses[h].id), default: 0] +=
            1
        }
      }
    }
    tally(&allTally, truthIncluded: { _ in true }, hypothesisIncluded: { _ in true })
    tally(
      &countedTally, truthIncluded: { isCounted[$0] },
      hypothesisIncluded: { !ignoredHypothesis[$0] })
    return truth.indices.map { t in
      MultiObjectTrackingMatch(
        truthID: truth[t].id, hypothesisID: hypothesisOfTruth[t].map { hypotheses[$0].id },
        isIDSwitch: switched[t])
    }
  }

  /// The scores so far, over every truth object and hypothesis.
  ///
  /// - Complexity: O(n² m) in the numbers of distinct truth and hypothesis ids (IDF1 matching).
  public var result: MultiObjectTrackingScore { allTally.result }

  /// The scores over the counted truth objects only, hypotheses on objects not counted left out
  /// (equal to ``result`` when every object was always counted).
  ///
  /// - Complexity: as ``result``.
  public var countedResult: MultiObjectTrackingScore { countedTally.result }
}
