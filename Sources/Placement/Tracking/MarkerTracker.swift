import SpatialMath

/// Multi-marker tracker: assigns each frame's world-space measurements to markers, filters them,
/// runs their lifecycle and re-anchors markers that the evidence has clearly left behind.
///
/// Per frame (`update(measurements:timestampSeconds:view:)`):
/// 1. measurements with a non-finite coordinate or confidence are dropped and counted, those below
///    the minimum confidence ignored. With a `DetectorView`, each measurement gets its expected
///    error (`MeasurementErrorModel`: range, viewing angle, surface kind, and the camera's speed
///    since the previous view);
/// 2. in rigid-layout mode, a shared jump agreed by several measurements is applied to all markers;
/// 3. optimal assignment (`LinearAssignment`) of measurements to markers with the same label
///    within the gate. With a view the gate is the squared Mahalanobis distance of the residual
///    under the measurement's expected error plus the marker's uncertainty
///    (`associationGateChiSquare`, and at most `maximumAssociationDistanceMeters`), and the cost
///    is that squared distance; without one the gate is `associationGateMeters` and the cost the
///    distance. Ties break towards lower marker ids and earlier measurements;
/// 4. assigned measurements update the marker's filter, with their expected error when known
///    (the largest standard deviation of its covariance); a filter may still reject an outlier;
/// 5. a marker whose filter rejected its measurement, or an unmatched established marker with an
///    unassigned measurement of its label within the re-anchoring search radius (the nearest one,
///    and not within the gate of another shown marker, which would rather be a mislabelled
///    detection of that marker), collects that measurement as evidence against its position;
///    mutually consistent evidence in `k` consecutive detector frames re-anchors the marker (its
///    filter restarts at the mean, its id stays) — this is also how a marker whose object comes
///    back into view somewhat elsewhere (after drift) is re-associated. An unassigned measurement
///    within the gate of a shown marker with its label is a duplicate and is dropped; any other
///    unassigned measurement starts a tentative marker;
/// 6. lifecycle (see `MarkerState`): tentative markers die on their first missed detector frame;
///    confirmed markers coast through misses. With a view, an established marker ages only in
///    detector frames where it should have been detected — it projects inside the detected part
///    of the image (less `detectionMarginFraction`), in front of the camera, within
///    `maximumDetectionIncidenceDegrees` of its surface normal and `maximumDetectionDistanceMeters`
///    — by the time since the previous frame (at most `maximumAgingStepSeconds`), and is removed
///    once that missed time exceeds `maximumCoastSeconds`. Out of view it stays where it was
///    anchored, as an ARKit anchor does, so an object that comes back gets its old marker back;
///    the only other removal is `maximumUnobservedSeconds` without a hit (off by default).
///    Without a view, a marker is removed `maximumCoastSeconds` after its last hit.
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
  /// The camera pose (world position, orientation) and time of the last view, for its speed.
  var lastCameraPose: (position: SIMD3<Double>, rotation: Quaternion, timestampSeconds: Double)?

  /// Creates a tracker.
  ///
  /// - Throws: `ParameterError` naming the first configuration member that is not valid (see
  ///   `MarkerTrackerConfiguration.validate()`).
  public init(
    configuration: MarkerTrackerConfiguration = .init(), filterPrototype: Filter
  ) throws(ParameterError) {
    try configuration.validate()
    self.configuration = configuration
    self.filterPrototype = filterPrototype
  }

  /// All current markers (every state), in id order.
  public var markers: [TrackedMarker] {
    var result: [TrackedMarker] = []
    result.reserveCapacity(tracks.count)
    for track in tracks {
      if let marker = track.output { result.append(marker) }
    }
    return result
  }

  /// The markers a user interface should draw (confirmed or coasting), in id order.
  public var shownMarkers: [TrackedMarker] { markers.filter { $0.state.isShown } }

  /// Processes one detector frame taken at `timestampSeconds` without a view (fixed-distance
  /// gates, time-based lifetimes); see `update(measurements:timestampSeconds:view:)`.
  @discardableResult
  public mutating func update(
    measurements: [MarkerMeasurement], timestampSeconds: Double
  ) -> [TrackedMarker] {
    update(measurements: measurements, timestampSeconds: timestampSeconds, view: nil)
  }

  /// Processes one frame taken at `timestampSeconds` and returns all current markers (id order).
  /// `view` is what the detector could see in this frame (the camera the measurements were
  /// placed with and the detected part of its image): with it, gates scale with each
  /// measurement's expected error and markers age only while they should have been detected;
  /// `nil` keeps the fixed-distance gates and time-based lifetimes. A frame whose timestamp is
  /// not finite or not later than the previous frame's is ignored (counted in
  /// `statistics.rejectedFrameCount`).
  ///
  /// - Complexity: O(n² m) for n markers and m measurements (assignment), plus O(n² m²) in
  ///   rigid-layout mode.
  @discardableResult
  public mutating func update(
    measurements: [MarkerMeasurement], timestampSeconds: Double, view: DetectorView?
  ) -> [TrackedMarker] {
    guard timestampSeconds.isFinite,
      lastTimestampSeconds.map({ timestampSeconds > $0 }) ?? true
    else {
      statistics.rejectedFrameCount += 1
      return markers
    }
    let previousTimestamp = lastTimestampSeconds
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
    let errors = expectedErrors(of: valid, view: view, at: timestampSeconds)

    if configuration.rigidLayout {
      log.rigidShiftMeters = applySharedJumpIfSupported(valid, at: timestampSeconds)
    }

    var hit = [Bool](repeating: false, count: tracks.count)
    var consumed = [Bool](repeating: false, count: valid.count)
    var rejectedByFilter = [Bool](repeating: false, count: tracks.count)
    let horizon = view == nil ? nil : configuration.maximumPredictionSeconds
    let assignment = assign(
      valid, errors: errors, at: timestampSeconds, maximumPredictionSeconds: horizon)
    for (trackIndex, measurementIndex) in assignment.enumerated() {
      guard let measurementIndex else { continue }
      consumed[measurementIndex] = true
      let error = errors[measurementIndex]
      let (outcome, reanchored) = tracks[trackIndex].accept(
        valid[measurementIndex], at: timestampSeconds,
        spreadTimeConstantSeconds: configuration.spreadTimeConstantSeconds,
        measurementStdMeters: error.map { $0.largestEigenvalue.squareRoot() },
        evidenceRadiusMeters: error.map(Self.evidenceRadius),
        maximumPredictionSeconds: horizon)
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
    for (index, m) in valid.enumerated()
    where !consumed[index] && !isOnShownMarker(m, error: errors[index]) {
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
        if view?.isDetectorFrame ?? true { tracks[trackIndex].evidence.clear() }
        continue
      }
      usedAsEvidence[index] = true
      statistics.outlierMeasurementCount += 1
      log.measurements[inputIndex[index]] = .evidence(markerID: tracks[trackIndex].id)
      if tracks[trackIndex].addEvidence(
        valid[index], at: timestampSeconds, radiusMeters: errors[index].map(Self.evidenceRadius))
      {
        statistics.reanchorCount += 1
        log.reanchoredMarkerIDs.append(tracks[trackIndex].id)
        hit[trackIndex] = true
      }
    }
    var spawned: [Int] = []  // Indices into `valid`.
    for (index, m) in valid.enumerated() where !consumed[index] && !usedAsEvidence[index] {
      if let duplicateOf = nearestShownMarkerID(m, error: errors[index]) {
        statistics.outlierMeasurementCount += 1  // A duplicate detection of a shown marker.
        log.measurements[inputIndex[index]] = .duplicate(markerID: duplicateOf)
      } else {
        spawned.append(index)
      }
    }

    log.removals = advanceLifecycle(
      hit: hit, at: timestampSeconds, view: view, previousTimestampSeconds: previousTimestamp)
    for index in spawned {
      log.measurements[inputIndex[index]] = .spawned(markerID: nextID)
      spawn(valid[index], at: timestampSeconds, error: errors[index])
    }
    log.reanchoredMarkerIDs.sort()
    lastFrameLog = log
    return markers
  }

  /// The radius within which a piece of re-anchoring evidence with expected error `error` is
  /// consistent: the 99 % bound of chi-square with 3 degrees of freedom (11.34) along its worst
  /// direction, metres.
  static func evidenceRadius(_ error: PositionCovariance) -> Double {
    (11.344_866_73 * error.largestEigenvalue).squareRoot()
  }

  /// Starts a tentative marker at `m` (with its expected error, when known, as the filter's
  /// initial uncertainty).
  mutating func spawn(_ m: MarkerMeasurement, at t: Double, error: PositionCovariance?) {
    var filter = filterPrototype
    if let error {
      _ = filter.update(
        measurement: m.position, measurementStdMeters: error.largestEigenvalue.squareRoot(),
        timestampSeconds: t)
    } else {
      filter.reset(to: m.position, timestampSeconds: t)
    }
    let track = MarkerTrack(
      id: nextID, label: m.label, filter: filter, firstSeenSeconds: t,
      evidence: ConsistentRejectionBuffer(
        requiredCount: configuration.reanchorMeasurementCount,
        consistencyRadiusMeters: Double(configuration.reanchorConsistencyMeters)),
      surfaceNormal: m.surfaceNormal.flatMap { $0.isFinite ? $0 : nil })
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
