import SpatialMath

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

extension MarkerTracker {
  /// Each measurement's expected error with a view (its own covariance, else the configured
  /// model at the camera's current speed); all `nil` without one. Records the camera pose.
  mutating func expectedErrors(
    of measurements: [MarkerMeasurement], view: DetectorView?, at t: Double
  )
    -> [PositionCovariance?]
  {
    guard let view else { return Array(repeating: nil, count: measurements.count) }
    let position = view.cameraPosition
    let rotation = view.camera.worldFromCamera.rotation
    var motion = MeasurementErrorModel.CameraMotion.still
    if let last = lastCameraPose, t > last.timestampSeconds {
      let dt = t - last.timestampSeconds
      let step = position - last.position
      let dot = abs(Double((rotation.vector * last.rotation.vector).sum()))
      motion = MeasurementErrorModel.CameraMotion(
        speedMetersPerSecond: (step * step).sum().squareRoot() / dt,
        angularSpeedRadiansPerSecond: 2 * acos(min(dot, 1)) / dt)
    }
    lastCameraPose = (position, rotation, t)
    return measurements.map { m in
      m.expectedErrorCovariance
        ?? configuration.measurementError.covariance(
          of: m, cameraPosition: position, focalLengthPixels: view.focalLengthPixels,
          motion: motion)
    }
  }

  /// The assignment cost of a measurement with expected error `error` to a marker predicted at
  /// `predicted`, or `nil` when the gate refuses the pair: with an error, the squared Mahalanobis
  /// distance under `error` plus the marker's uncertainty (at most the chi-square gate, and the
  /// distance at most `maximumAssociationDistanceMeters`); without, the distance (at most
  /// `associationGateMeters`).
  func gatedCost(_ m: MarkerMeasurement, error: PositionCovariance?, predicted: SIMD3<Float>)
    -> Double?
  {
    let residual = m.position - predicted
    let distance = residual.length
    guard let error else {
      return distance <= configuration.associationGateMeters ? Double(distance) : nil
    }
    guard distance <= configuration.maximumAssociationDistanceMeters else { return nil }
    let s =
      error + PositionCovariance(isotropicStdMeters: configuration.markerPositionStdMeters)
    guard let squared = s.mahalanobisSquared(SIMD3<Double>(residual)),
      squared <= configuration.associationGateChiSquare
    else { return nil }
    return squared
  }

  /// The assigned measurement index per track; markers are looked for at their prediction
  /// (`MarkerTrack.predictedPosition(at:maximumPredictionSeconds:)`).
  func assign(
    _ measurements: [MarkerMeasurement], errors: [PositionCovariance?], at t: Double,
    maximumPredictionSeconds horizon: Double?
  ) -> [Int?] {
    guard !tracks.isEmpty, !measurements.isEmpty else {
      return Array(repeating: nil, count: tracks.count)
    }
    var costs = [[Double]](
      repeating: [Double](repeating: .infinity, count: measurements.count), count: tracks.count)
    for (i, track) in tracks.enumerated() {
      guard let predicted = track.predictedPosition(at: t, maximumPredictionSeconds: horizon)
      else { continue }
      for (j, m) in measurements.enumerated() where m.label == track.label {
        if let cost = gatedCost(m, error: errors[j], predicted: predicted) { costs[i][j] = cost }
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

  /// Whether a measurement lies within the gate of a shown marker of any label: such a
  /// measurement is most likely a mislabelled detection of that marker, so it never serves as
  /// re-anchoring evidence (a marker never re-anchors onto another marker's place).
  /// With `sameLabelOnly`, only markers with the measurement's label count: such a measurement is a
  /// duplicate detection and never starts a new marker.
  func isOnShownMarker(
    _ m: MarkerMeasurement, error: PositionCovariance? = nil, sameLabelOnly: Bool = false
  ) -> Bool {
    tracks.contains { track in
      guard track.state.isShown, !sameLabelOnly || track.label == m.label,
        let p = track.filter.position
      else { return false }
      return gatedCost(m, error: error, predicted: p) != nil
    }
  }

  /// The nearest shown marker with the measurement's label within the gate (ties: lower id), or
  /// `nil`: a measurement there is a duplicate detection of that marker.
  func nearestShownMarkerID(_ m: MarkerMeasurement, error: PositionCovariance? = nil) -> Int? {
    var best: (id: Int, distance: Float)?
    for track in tracks where track.state.isShown && track.label == m.label {
      guard let p = track.filter.position, gatedCost(m, error: error, predicted: p) != nil else {
        continue
      }
      let d = p.distance(to: m.position)
      if best.map({ d < $0.distance }) ?? true { best = (track.id, d) }
    }
    return best?.id
  }
}
