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
/// A frame may mark some truth objects and hypotheses as not counted
/// (`addFrame(truth:hypotheses:countedTruth:countedHypotheses:)`, "don't care" regions): they
/// take part in the matching like any other, but ``countedResult`` scores only the counted ones.
/// Its truth count, matches, misses and ID switches are over counted objects (a switch against
/// the hypothesis the object last matched while counted); its hypotheses are
/// those matched to a counted object, plus the counted ones that are not matched to an object
/// that is not counted; a false positive is such a hypothesis left unmatched. So a hypothesis on
/// an object that is not counted is no false positive, and one that is not counted itself (say,
/// off screen) is only a match when it matches a counted object, never a false positive.
/// ``result`` counts everything.
public struct MultiObjectTrackingEvaluator: Sendable {
  /// The matching distance, metres (e.g. half the spacing of neighbouring objects).
  public let thresholdMeters: Float
  var lastMatch: [String: Int] = [:]
  /// The hypothesis each object last matched in a frame where it counted: an identity switch in
  /// ``countedResult`` is a counted object matched to another hypothesis than then, so a switch
  /// that happens while the object is not counted (off screen) is counted when it shows.
  var lastCountedMatch: [String: Int] = [:]
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
    addFrame(truth: truth, hypotheses: hypotheses, countedTruth: nil, countedHypotheses: nil)
  }

  /// Adds one frame in which only the truth objects whose `countedTruth` entry is `true` and
  /// the hypotheses whose `countedHypotheses` entry is `true` (parallel arrays; `nil`: all) count
  /// in ``countedResult`` (see the type's documentation).
  ///
  /// - Precondition: each flag array, when given, has one entry per element of its list.
  @discardableResult
  public mutating func addFrame(
    truth: [(id: String, position: SIMD3<Float>)], hypotheses: [(id: Int, position: SIMD3<Float>)],
    countedTruth: [Bool]?, countedHypotheses: [Bool]? = nil
  ) -> [MultiObjectTrackingMatch] {
    precondition(countedTruth.map { $0.count == truth.count } ?? true, "one flag per truth")
    precondition(
      countedHypotheses.map { $0.count == hypotheses.count } ?? true, "one flag per hypothesis")
    var seenTruth = Set<String>()
    var isCounted: [Bool] = []
    var unique: [(id: String, position: SIMD3<Float>)] = []
    for (index, t) in truth.enumerated() where seenTruth.insert(t.id).inserted {
      unique.append(t)
      isCounted.append(countedTruth?[index] ?? true)
    }
    let truth = unique
    var seenHypotheses = Set<Int>()
    var hypothesisCounted: [Bool] = []
    var uniqueHypotheses: [(id: Int, position: SIMD3<Float>)] = []
    for (index, h) in hypotheses.enumerated() where seenHypotheses.insert(h.id).inserted {
      uniqueHypotheses.append(h)
      hypothesisCounted.append(countedHypotheses?[index] ?? true)
    }
    let hypotheses = uniqueHypotheses

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
    var switchedWhenCounted = [Bool](repeating: false, count: truth.count)
    for t in truth.indices {
      guard let h = hypothesisOfTruth[t] else { continue }
      lastMatch[truth[t].id] = hypotheses[h].id
      guard isCounted[t] else { continue }
      if let previous = lastCountedMatch[truth[t].id], previous != hypotheses[h].id {
        switchedWhenCounted[t] = true
      }
      lastCountedMatch[truth[t].id] = hypotheses[h].id
    }

    // The counted tally's hypotheses: matched to a counted object, or counted themselves and
    // not matched to an object that is not counted.
    var includedHypothesis = hypothesisCounted
    for t in truth.indices {
      if let h = hypothesisOfTruth[t] { includedHypothesis[h] = isCounted[t] }
    }
    func tally(
      _ tally: inout Tally, truthIncluded: (Int) -> Bool, hypothesisIncluded: (Int) -> Bool,
      switched: [Bool]
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
    tally(
      &allTally, truthIncluded: { _ in true }, hypothesisIncluded: { _ in true },
      switched: switched)
    tally(
      &countedTally, truthIncluded: { isCounted[$0] },
      hypothesisIncluded: { includedHypothesis[$0] }, switched: switchedWhenCounted)
    return truth.indices.map { t in
      MultiObjectTrackingMatch(
        truthID: truth[t].id, hypothesisID: hypothesisOfTruth[t].map { hypotheses[$0].id },
        distanceMeters: hypothesisOfTruth[t].map {
          truth[t].position.distance(to: hypotheses[$0].position)
        },
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
