import SpatialMath

/// Multi-marker tracker: assigns each frame's world-space measurements to markers, filters them,
/// runs their lifecycle and re-anchors markers that the evidence has clearly left behind.
///
/// Per frame (`update(measurements:timestampSeconds:)`):
/// 1. measurements with a non-finite coordinate or confidence are dropped and counted, those below
///    the minimum confidence ignored;
/// 2. in rigid-layout mode, a shared jump agreed by several measurements is applied to all markers;
/// 3. optimal assignment (`LinearAssignment`) of measurements to markers with the same label within
///    the association gate, cost = distance to the marker's predicted position; ties break towards
///    lower marker ids and earlier measurements;
/// 4. assigned measurements update the marker's filter; a filter may still reject an outlier;
/// 5. a marker whose filter rejected its measurement, or an unmatched established marker with an
///    unassigned measurement of its label within the re-anchoring search radius (the nearest one,
///    and not within the gate of another shown marker, which would rather be a mislabelled
///    detection of that marker), collects that measurement as evidence against its position;
///    mutually consistent evidence in `k` consecutive detector frames re-anchors the marker (its
///    filter restarts at the mean, its id stays). An unassigned measurement within the gate of a
///    shown marker with its label is a duplicate and is dropped; any other unassigned measurement
///    starts a tentative marker;
/// 6. lifecycle (see `MarkerState`): tentative markers die on their first miss, confirmed markers
///    coast through misses and are removed after `maximumCoastSeconds` without a hit.
///
/// Determinism: the output depends only on the inputs and their order; markers are kept and
/// reported in id order.
public struct MarkerTracker<Filter: PositionFilter>: Sendable {
  /// The tracker's parameters.
  public let configuration: MarkerTrackerConfiguration
  /// The filter each new marker starts from (a copy in its initial, empty state).
  public let filterPrototype: Filter
  /// Lifetime counters.
  public internal(set) var statistics = MarkerTrackerStatistics()

  var tracks: [MarkerTrack<Filter>] = []
  var nextID = 1
  /// The timestamp of the last processed frame, seconds.
  public private(set) var lastTimestampSeconds: Double?
  /// What the latest processed frame did (empty before the first one; unchanged by an ignored
  /// frame). Diagnostics only.
  public internal(set) var lastFrameLog = MarkerTrackerFrameLog()

  /// Creates a tracker, or `nil` when the configuration is not valid.
  public init?(configuration: MarkerTrackerConfiguration = .init(), filterPrototype: Filter) {
    guard configuration.isValid else { return nil }
    self.configuration = configuration
    self.filterPrototype = filterPrototype
  }

  /// All current markers (every state), in id order.
  public var markers: [TrackedMarker] { tracks.compactMap { $0.output } }

  /// The markers a user interface should draw (confirmed or coasting), in id order.
  public var shownMarkers: [TrackedMarker] { markers.filter { $0.state.isShown } }

  /// Processes one detector frame taken at `timestampSeconds` and returns all current markers (id
  /// order). A frame whose timestamp is not finite or not later than the previous frame's is
  /// ignored (counted in `statistics.rejectedFrameCount`).
  ///
  /// - Complexity: O(n² m) for n markers and m measurements (assignment), plus O(n² m²) in
  ///   rigid-layout mode.
  @discardableResult
  public mutating func update(
    measurements: [MarkerMeasurement], timestampSeconds: Double
  ) -> [TrackedMarker] {
    guard timestampSeconds.isFinite,
      lastTimestampSeconds.map({ timestampSeconds > $0 }) ?? true
    else {
      statistics.rejectedFrameCount += 1
      return markers
    }
    lastTimestampSeconds = timestampSeconds
    statistics.frameCount += 1
    var log = MarkerTrackerFrameLog()
    log.measurements = Array(repeating: .ignoredNonFinite, count: measurements.count)

    var valid: [MarkerMeasurement] = []
    var inputIndex: [Int] = []
    valid.reserveCapacity(measurements.count)
    inputIndex.reserveCapacity(measurements.count)
    for (index, m) in measurements.enumerated() {
      guard m.position.isFinite, m.confidence.isFinite else {
        statistics.nonFiniteMeasurementCount += 1
        continue
      }
      guard m.confidence >= configuration.minimumConfidence else {
        statistics.lowConfidenceMeasurementCount += 1
        log.measurements[index] = .ignoredLowConfidence
        continue
      }
      valid.append(m)
      inputIndex.append(index)
    }

    if configuration.rigidLayout {
      log.rigidShiftMeters = applySharedJumpIfSupported(valid, at: timestampSeconds)
    }

    var hit = [Bool](repeating: false, count: tracks.count)
    var consumed = [Bool](repeating: false, count: valid.count)
    var rejectedByFilter = [Bool](repeating: false, count: tracks.count)
    let assignment = assign(valid, at: timestampSeconds)
    for (trackIndex, measurementIndex) in assignment.enumerated() {
      guard let measurementIndex else { continue }
      consumed[measurementIndex] = true
      let (outcome, reanchored) = tracks[trackIndex].accept(
        valid[measurementIndex].position, at: timestampSeconds,
        spreadTimeConstantSeconds: configuration.spreadTimeConstantSeconds)
      let id = tracks[trackIndex].id
      if reanchored {
        statistics.reanchorCount += 1
        log.reanchoredMarkerIDs.append(id)
      }
      if outcome.isAccepted {
        hit[trackIndex] = true
        log.measurements[inputIndex[measurementIndex]] = .accepted(markerID: id)
      } else {
        rejectedByFilter[trackIndex] = true
        statistics.outlierMeasurementCount += 1
        log.measurements[inputIndex[measurementIndex]] = .rejectedByFilter(markerID: id)
      }
    }

    // Each unmatched established marker takes at most one piece of evidence per frame: the
    // nearest unassigned measurement with its label (ties: earlier measurement).
    // A marker whose filter rejected its assigned measurement already has this frame's evidence.
    let blocked = zip(hit, rejectedByFilter).map { $0 || $1 }
    var evidenceOfTrack = [Int?](repeating: nil, count: tracks.count)
    var evidenceDistance = [Float](repeating: .infinity, count: tracks.count)
    for (index, m) in valid.enumerated() where !consumed[index] && !isOnShownMarker(m) {
      guard let (trackIndex, distance) = reanchorCandidate(for: m, excluding: blocked),
        distance < evidenceDistance[trackIndex]
      else { continue }
      evidenceOfTrack[trackIndex] = index
      evidenceDistance[trackIndex] = distance
    }
    var usedAsEvidence = [Bool](repeating: false, count: valid.count)
    for trackIndex in tracks.indices where !blocked[trackIndex] {
      guard let index = evidenceOfTrack[trackIndex] else {
        // Evidence must come from consecutive detector frames.
        tracks[trackIndex].evidence.clear()
        continue
      }
      usedAsEvidence[index] = true
      statistics.outlierMeasurementCount += 1
      log.measurements[inputIndex[index]] = .evidence(markerID: tracks[trackIndex].id)
      if tracks[trackIndex].addEvidence(valid[index].position, at: timestampSeconds) {
        statistics.reanchorCount += 1
        log.reanchoredMarkerIDs.append(tracks[trackIndex].id)
        hit[trackIndex] = true
      }
    }
    var spawned: [(measurement: MarkerMeasurement, inputIndex: Int)] = []
    for (index, m) in valid.enumerated() where !consumed[index] && !usedAsEvidence[index] {
      if let duplicateOf = nearestShownMarkerID(m) {
        statistics.outlierMeasurementCount += 1  // A duplicate detection of a shown marker.
        log.measurements[inputIndex[index]] = .duplicate(markerID: duplicateOf)
      } else {
        spawned.append((m, inputIndex[index]))
      }
    }

    log.removals = advanceLifecycle(hit: hit, at: timestampSeconds)
    for entry in spawned {
      log.measurements[entry.inputIndex] = .spawned(markerID: nextID)
      spawn(entry.measurement, at: timestampSeconds)
    }
    log.reanchoredMarkerIDs.sort()
    lastFrameLog = log
    return markers
  }

  /// The assigned measurement index per track.
  func assign(_ measurements: [MarkerMeasurement], at t: Double) -> [Int?] {
    guard !tracks.isEmpty, !measurements.isEmpty else {
      return Array(repeating: nil, count: tracks.count)
    }
    let gate = configuration.associationGateMeters
    var costs = [[Double]](
      repeating: [Double](repeating: .infinity, count: measurements.count), count: tracks.count)
    for (i, track) in tracks.enumerated() {
      guard let predicted = track.filter.predictedPosition(atSeconds: t) else { continue }
      for (j, m) in measurements.enumerated() where m.label == track.label {
        let d = predicted.distance(to: m.position)
        if d <= gate { costs[i][j] = Double(d) }
      }
    }
    return LinearAssignment.minimumCostAssignment(costs: costs)
  }

  /// The nearest established, unmatched marker with the measurement's label within the
  /// re-anchoring search radius (ties: lower id).
  func reanchorCandidate(for m: MarkerMeasurement, excluding blocked: [Bool]) -> (
    index: Int, distance: Float
  )? {
    var best: (index: Int, distance: Float)?
    for (i, track) in tracks.enumerated()
    where !blocked[i] && track.state.isShown && track.label == m.label {
      guard let p = track.filter.position else { continue }
      let d = p.distance(to: m.position)
      guard d <= configuration.reanchorSearchRadiusMeters else { continue }
      if best.map({ d < $0.distance }) ?? true { best = (i, d) }
    }
    return best
  }

  /// Whether a measurement lies within the association gate of a shown marker of any label: such a
  /// measurement is most likely a mislabelled detection of that marker, so it never serves as
  /// re-anchoring evidence (a marker never re-anchors onto another marker's place).
  /// With `sameLabelOnly`, only markers with the measurement's label count: such a measurement is a
  /// duplicate detection and never starts a new marker.
  func isOnShownMarker(_ m: MarkerMeasurement, sameLabelOnly: Bool = false) -> Bool {
    tracks.contains { track in
      guard track.state.isShown, !sameLabelOnly || track.label == m.label,
        let p = track.filter.position
      else { return false }
      return p.distance(to: m.position) <= configuration.associationGateMeters
    }
  }

  /// Advances every marker's state by one frame and returns the removals (id order).
  mutating func advanceLifecycle(hit: [Bool], at t: Double) -> [MarkerRemoval] {
    var removals: [MarkerRemoval] = []
    var kept: [MarkerTrack<Filter>] = []
    kept.reserveCapacity(tracks.count)
    for (i, var track) in tracks.enumerated() {
      if hit[i] {
        track.consecutiveHits += 1
        if track.state == .coasting
          || (track.state == .tentative
            && track.consecutiveHits >= configuration.confirmationHitCount)
        {
          track.state = .confirmed
        }
      } else {
        track.consecutiveHits = 0
        switch track.state {
        case .tentative:
          statistics.removedMarkerCount += 1
          removals.append(MarkerRemoval(markerID: track.id, reason: .tentativeMissed))
          continue
        case .confirmed:
          track.state = .coasting
        case .coasting:
          break
        }
        if t - track.lastHitSeconds > configuration.maximumCoastSeconds {
          statistics.removedMarkerCount += 1
          removals.append(MarkerRemoval(markerID: track.id, reason: .expired))
          continue
        }
      }
      kept.append(track)
    }
    tracks = kept
    return removals
  }

  /// The nearest shown marker with the measurement's label within the association gate (ties:
  /// lower id), or `nil`: a measurement there is a duplicate detection of that marker.
  func nearestShownMarkerID(_ m: MarkerMeasurement) -> Int? {
    var best: (id: Int, distance: Float)?
    for track in tracks where track.state.isShown && track.label == m.label {
      guard let p = track.filter.position else { continue }
      let d = p.distance(to: m.position)
      guard d <= configuration.associationGateMeters else { continue }
      if best.map({ d < $0.distance }) ?? true { best = (track.id, d) }
    }
    return best?.id
  }

  mutating func spawn(_ m: MarkerMeasurement, at t: Double) {
    var filter = filterPrototype
    filter.reset(to: m.position, timestampSeconds: t)
    let track = MarkerTrack(
      id: nextID, label: m.label, filter: filter, firstSeenSeconds: t,
      evidence: ConsistentRejectionBuffer(
        requiredCount: configuration.reanchorMeasurementCount,
        consistencyRadiusMeters: Double(configuration.reanchorConsistencyMeters)))
    nextID += 1
    statistics.createdMarkerCount += 1
    if configuration.confirmationHitCount <= 1 {
      var confirmed = track
      confirmed.state = .confirmed
      tracks.append(confirmed)
    } else {
      tracks.append(track)
    }
  }
}
