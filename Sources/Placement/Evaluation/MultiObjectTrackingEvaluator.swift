import SpatialMath

/// CLEAR-MOT (MOTA, ID switches) and identity (IDF1) scores of tracker output against truth, with
/// matching by 3D world distance.
///
/// Per frame, a truth object and a hypothesis (a shown marker) can match when they are at most
/// `thresholdMeters` apart and, when the frame gives labels (the `addFrame` whose tuples have a
/// `label`), carry the same label: a hypothesis in the right place with another label is a miss
/// of the object and a false positive, never a match. Frames given without labels match by
/// distance alone. CLEAR-MOT keeps last frame's correspondences that are still within the
/// threshold (and of one label), then matches the rest optimally (minimum total distance); a
/// truth matched to a different hypothesis than at its previous match is an ID switch. IDF1
/// matches whole trajectories one-to-one to maximize the frames in which matched pairs are within
/// the threshold (IDTP): `IDF1 = 2 IDTP / (truth detections + hypothesis detections)`.
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
  /// Truth ids in order of first appearance: an id's key is its index here (see ``intern(_:)``),
  /// so per-frame bookkeeping indexes arrays instead of hashing strings.
  var truthIDs: [String] = []
  var truthKeys: [String: Int] = [:]
  /// Per truth key: the hypothesis the object last matched, if ever.
  var lastMatch: [Int?] = []
  /// The hypothesis each object last matched in a frame where it counted: an identity switch in
  /// ``countedResult`` is a counted object matched to another hypothesis than then, so a switch
  /// that happens while the object is not counted (off screen) is counted when it shows.
  var lastCountedMatch: [Int?] = []
  /// Per truth key: the number of the last frame that listed it (duplicates in a frame after
  /// the first are ignored).
  var lastFrameListed: [Int] = []
  /// Labels in order of first use: a label's key is its index here (see ``internLabel(_:)``).
  var labelKeys: [String: Int] = [:]
  var addedFrameCount = 0
  var allTally = Tally()
  var countedTally = Tally()

  struct PairKey: Hashable, Sendable {
    var truth: Int
    var hypothesis: Int
  }

  /// One truth object's match in a frame (see ``addFrame(internedTruth:hypotheses:countedTruth:countedHypotheses:)``).
  package struct InternedMatch: Sendable {
    /// The truth object's key.
    package var truthKey: Int
    /// The matched hypothesis's id, or `nil`.
    package var hypothesisID: Int?
    /// The distance to it, metres, or `nil`.
    package var distanceMeters: Float?
    /// Whether the match is an identity switch.
    package var isIDSwitch: Bool
  }

  /// Counts and per-pair frame numbers of one score.
  struct Tally: Sendable {
    var score = MultiObjectTrackingScore()
    var pairFrames: [PairKey: Int] = [:]
    /// Per truth key (0: never included).
    var truthFrames: [Int] = []
    var hypothesisFrames: [Int: Int] = [:]

    /// The score with its IDF1 true positives (optimal one-to-one trajectory matching), truth
    /// objects in the order of their ids (`truthIDs`: the ids of the keys).
    func result(truthIDs: [String]) -> MultiObjectTrackingScore {
      var result = score
      let truthKeys = truthFrames.indices.filter { truthFrames[$0] > 0 }.sorted {
        truthIDs[$0] < truthIDs[$1]
      }
      let hypothesisIDs = hypothesisFrames.keys.sorted()
      var idTruePositives = 0
      if !truthKeys.isEmpty && !hypothesisIDs.isEmpty {
        let costs = truthKeys.map { t in
          hypothesisIDs.map { h -> Double in
            let frames = pairFrames[PairKey(truth: t, hypothesis: h)] ?? 0
            return frames > 0 ? -Double(frames) : .infinity
          }
        }
        for (row, column) in LinearAssignment.minimumCostAssignment(costs: costs).enumerated() {
          guard let column else { continue }
          idTruePositives +=
            pairFrames[PairKey(truth: truthKeys[row], hypothesis: hypothesisIDs[column])] ?? 0
        }
      }
      result.idTruePositiveCount = idTruePositives
      return result
    }
  }

  /// Creates an evaluator with a matching threshold in metres.
  public init(thresholdMeters: Float) { self.thresholdMeters = thresholdMeters }

  /// The key of truth id `id` for ``addFrame(internedTruth:hypotheses:countedTruth:countedHypotheses:)``,
  /// assigned on first use (the same id always gets the same key; keys are 0, 1, 2, ... in order
  /// of first use).
  package mutating func intern(_ id: String) -> Int {
    if let key = truthKeys[id] { return key }
    let key = truthIDs.count
    truthIDs.append(id)
    truthKeys[id] = key
    lastMatch.append(nil)
    lastCountedMatch.append(nil)
    lastFrameListed.append(-1)
    return key
  }

  /// The key of label `label` for the `labels` of the interned `addFrame`, assigned on first use
  /// (the same label always gets the same key).
  mutating func internLabel(_ label: String) -> Int {
    if let key = labelKeys[label] { return key }
    let key = labelKeys.count
    labelKeys[label] = key
    return key
  }

  /// Adds one frame: the truth objects present (`id`, world position in metres) and the
  /// hypotheses (marker id, world position), matched by distance alone (labels not compared). Ids must be unique within a frame (duplicates after
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
    var interned: [(key: Int, position: SIMD3<Float>)] = []
    interned.reserveCapacity(truth.count)
    for t in truth { interned.append((intern(t.id), t.position)) }
    return addFrame(
      internedTruth: interned, hypotheses: hypotheses, countedTruth: countedTruth,
      countedHypotheses: countedHypotheses
    ).map {
      MultiObjectTrackingMatch(
        truthID: truthIDs[$0.truthKey], hypothesisID: $0.hypothesisID,
        distanceMeters: $0.distanceMeters, isIDSwitch: $0.isIDSwitch)
    }
  }

  /// Adds one frame of labelled truth objects (`id`, `label`, world position in metres) and
  /// hypotheses (marker id, label, world position): a pair matches only when its labels are
  /// equal (see the type's documentation). Only the truth objects whose `countedTruth` entry is
  /// `true` and the hypotheses whose `countedHypotheses` entry is `true` (parallel arrays; `nil`:
  /// all) count in ``countedResult``. Returns this frame's matches, one per (deduplicated) truth
  /// object in input order.
  ///
  /// - Precondition: each flag array, when given, has one entry per element of its list.
  @discardableResult
  public mutating func addFrame(
    truth: [(id: String, label: String, position: SIMD3<Float>)],
    hypotheses: [(id: Int, label: String, position: SIMD3<Float>)],
    countedTruth: [Bool]? = nil, countedHypotheses: [Bool]? = nil
  ) -> [MultiObjectTrackingMatch] {
    var interned: [(key: Int, position: SIMD3<Float>)] = []
    interned.reserveCapacity(truth.count)
    var truthLabels: [Int] = []
    truthLabels.reserveCapacity(truth.count)
    for t in truth {
      interned.append((intern(t.id), t.position))
      truthLabels.append(internLabel(t.label))
    }
    var hypothesisLabels: [Int] = []
    hypothesisLabels.reserveCapacity(hypotheses.count)
    for h in hypotheses { hypothesisLabels.append(internLabel(h.label)) }
    return addFrame(
      internedTruth: interned, hypotheses: hypotheses.map { ($0.id, $0.position) },
      labels: (truthLabels, hypothesisLabels), countedTruth: countedTruth,
      countedHypotheses: countedHypotheses
    ).map {
      MultiObjectTrackingMatch(
        truthID: truthIDs[$0.truthKey], hypothesisID: $0.hypothesisID,
        distanceMeters: $0.distanceMeters, isIDSwitch: $0.isIDSwitch)
    }
  }

  /// ``addFrame(truth:hypotheses:countedTruth:countedHypotheses:)`` with truth objects given by
  /// their keys (``intern(_:)``): the same matching and scores without hashing ids per frame.
  /// `labels`, when given, holds a label key of each truth object and each hypothesis (parallel
  /// to the lists; any integers that are equal exactly when the labels are): a pair matches only
  /// when its keys are equal; `nil` matches by distance alone.
  ///
  /// - Precondition: every key comes from ``intern(_:)`` of this evaluator (or of the one it was
  ///   copied from); each flag or label array, when given, has one entry per element of its list.
  @discardableResult
  package mutating func addFrame(
    internedTruth truthIn: [(key: Int, position: SIMD3<Float>)],
    hypotheses hypothesesIn: [(id: Int, position: SIMD3<Float>)],
    labels labelsIn: (truth: [Int], hypotheses: [Int])? = nil,
    countedTruth: [Bool]?, countedHypotheses: [Bool]? = nil
  ) -> [InternedMatch] {
    precondition(countedTruth.map { $0.count == truthIn.count } ?? true, "one flag per truth")
    precondition(
      countedHypotheses.map { $0.count == hypothesesIn.count } ?? true, "one flag per hypothesis")
    precondition(
      labelsIn.map { $0.truth.count == truthIn.count && $0.hypotheses.count == hypothesesIn.count }
        ?? true, "one label per truth and per hypothesis")
    addedFrameCount += 1
    let frameNumber = addedFrameCount
    var isCounted: [Bool] = []
    var truth: [(key: Int, position: SIMD3<Float>)] = []
    var truthLabel: [Int] = []
    isCounted.reserveCapacity(truthIn.count)
    truth.reserveCapacity(truthIn.count)
    truthLabel.reserveCapacity(truthIn.count)
    for (index, t) in truthIn.enumerated() where lastFrameListed[t.key] != frameNumber {
      lastFrameListed[t.key] = frameNumber
      truth.append(t)
      isCounted.append(countedTruth?[index] ?? true)
      truthLabel.append(labelsIn?.truth[index] ?? 0)
    }
    var hypothesisCounted: [Bool] = []
    var hypotheses: [(id: Int, position: SIMD3<Float>)] = []
    var hypothesisLabel: [Int] = []
    hypothesisCounted.reserveCapacity(hypothesesIn.count)
    hypotheses.reserveCapacity(hypothesesIn.count)
    hypothesisLabel.reserveCapacity(hypothesesIn.count)
    func keep(_ index: Int) {
      hypotheses.append(hypothesesIn[index])
      hypothesisCounted.append(countedHypotheses?[index] ?? true)
      hypothesisLabel.append(labelsIn?.hypotheses[index] ?? 0)
    }
    if hypothesesIn.count <= 16 {
      for (index, h) in hypothesesIn.enumerated()
      where !hypotheses.contains(where: { $0.id == h.id }) {
        keep(index)
      }
    } else {
      var seenHypotheses = Set<Int>()
      for (index, h) in hypothesesIn.enumerated() where seenHypotheses.insert(h.id).inserted {
        keep(index)
      }
    }

    // Every pair's distance when within the threshold and of one label (-1 otherwise), worked
    // out once: every later step (keeping last frame's pairs, the optimal assignment, the IDF1
    // pair frames) asks this, so a pair of two labels never matches.
    let hypothesisCount = hypotheses.count
    var pairDistances = [Float](repeating: -1, count: truth.count * hypothesisCount)
    for t in truth.indices {
      for h in hypotheses.indices where truthLabel[t] == hypothesisLabel[h] {
        let d = truth[t].position.distance(to: hypotheses[h].position)
        if d.isFinite && d <= thresholdMeters { pairDistances[t * hypothesisCount + h] = d }
      }
    }
    func within(_ t: Int, _ h: Int) -> Float? {
      let d = pairDistances[t * hypothesisCount + h]
      return d >= 0 ? d : nil
    }
    var hypothesisOfTruth = [Int?](repeating: nil, count: truth.count)
    var switched = [Bool](repeating: false, count: truth.count)
    var hypothesisTaken = [Bool](repeating: false, count: hypotheses.count)
    for t in truth.indices {
      guard let previous = lastMatch[truth[t].key],
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
        if let previous = lastMatch[truth[t].key], previous != hypotheses[h].id {
          switched[t] = true
        }
      }
    }
    var switchedWhenCounted = [Bool](repeating: false, count: truth.count)
    for t in truth.indices {
      guard let h = hypothesisOfTruth[t] else { continue }
      let key = truth[t].key
      lastMatch[key] = hypotheses[h].id
      guard isCounted[t] else { continue }
      if let previous = lastCountedMatch[key], previous != hypotheses[h].id {
        switchedWhenCounted[t] = true
      }
      lastCountedMatch[key] = hypotheses[h].id
    }

    // The counted tally's hypotheses: matched to a counted object, or counted themselves and
    // not matched to an object that is not counted.
    var includedHypothesis = hypothesisCounted
    for t in truth.indices {
      if let h = hypothesisOfTruth[t] { includedHypothesis[h] = isCounted[t] }
    }
    let keyCount = truthIDs.count
    func tally(
      _ tally: inout Tally, truthIncluded: (Int) -> Bool, hypothesisIncluded: (Int) -> Bool,
      switched: [Bool]
    ) {
      tally.score.frameCount += 1
      if tally.truthFrames.count < keyCount {
        tally.truthFrames.append(
          contentsOf: repeatElement(0, count: keyCount - tally.truthFrames.count))
      }
      for t in truth.indices where truthIncluded(t) {
        tally.score.truthCount += 1
        tally.truthFrames[truth[t].key] += 1
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
          let pair = PairKey(truth: truth[t].key, hypothesis: hypotheses[h].id)
          tally.pairFrames[pair, default: 0] += 1
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
      InternedMatch(
        truthKey: truth[t].key, hypothesisID: hypothesisOfTruth[t].map { hypotheses[$0].id },
        distanceMeters: hypothesisOfTruth[t].map {
          truth[t].position.distance(to: hypotheses[$0].position)
        },
        isIDSwitch: switched[t])
    }
  }

  /// The scores so far, over every truth object and hypothesis.
  ///
  /// - Complexity: O(n² m) in the numbers of distinct truth and hypothesis ids (IDF1 matching).
  public var result: MultiObjectTrackingScore { allTally.result(truthIDs: truthIDs) }

  /// The scores over the counted truth objects only, hypotheses on objects not counted left out
  /// (equal to ``result`` when every object was always counted).
  ///
  /// - Complexity: as ``result``.
  public var countedResult: MultiObjectTrackingScore { countedTally.result(truthIDs: truthIDs) }

  /// The counts of ``countedResult`` so far without its identity figures (`idTruePositiveCount`
  /// stays 0; they need the whole session): cheap to read after every frame, so that the counts
  /// of a span of frames are the difference of two readings.
  package var countedCountsSoFar: MultiObjectTrackingScore { countedTally.score }
}
