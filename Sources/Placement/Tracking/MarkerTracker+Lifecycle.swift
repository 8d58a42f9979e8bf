import SpatialMath

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

extension MarkerTracker {
  /// Whether the marker of `track` should have been detected in `view`: it projects inside the
  /// detected part of the image less the margin (in front of the camera), within the detection
  /// distance, and — when its surface normal is known — the view is within the detection
  /// incidence of that normal.
  func shouldBeDetected(_ track: MarkerTrack<Filter>, in view: DetectorView) -> Bool {
    guard view.isDetectorFrame, let position = track.filter.position,
      view.sees(position, marginFraction: configuration.detectionMarginFraction)
    else { return false }
    let offset = SIMD3<Double>(position) - view.cameraPosition
    let range = (offset * offset).sum().squareRoot()
    if let limit = configuration.maximumDetectionDistanceMeters, range > limit { return false }
    if let normal = track.surfaceNormal, range > 0 {
      let n = SIMD3<Double>(normal)
      let cosine = abs((n * offset).sum()) / (range * (n * n).sum().squareRoot())
      let limit = cos(configuration.maximumDetectionIncidenceDegrees * Double.pi / 180)
      if cosine < limit { return false }
    }
    return true
  }

  /// Advances every marker's state by one frame and returns the removals (id order).
  ///
  /// Hit markers count the hit (and confirm). Without a view every other marker has missed:
  /// tentative ones die, confirmed ones coast, and established ones are removed
  /// `maximumCoastSeconds` after their last hit. With a view, a frame that is not a detector
  /// frame changes nothing; otherwise tentative markers die on a miss, and an established
  /// marker that should have been detected ages by the time since the previous frame (at most
  /// `maximumAgingStepSeconds`) and is removed once its missed time exceeds
  /// `maximumCoastSeconds`; one that could not have been seen only coasts (and is removed after
  /// `maximumUnobservedSeconds` without a hit, when set).
  mutating func advanceLifecycle(
    hit: [Bool], at t: Double, view: DetectorView?, previousTimestampSeconds: Double?
  ) -> [MarkerRemoval] {
    var removals: [MarkerRemoval] = []
    var kept: [MarkerTrack<Filter>] = []
    kept.reserveCapacity(tracks.count)
    let step = min(t - (previousTimestampSeconds ?? t), configuration.maximumAgingStepSeconds)
    for (i, var track) in tracks.enumerated() {
      if hit[i] {
        track.consecutiveHits += 1
        track.missedSeconds = 0
        if track.state == .coasting
          || (track.state == .tentative
            && track.consecutiveHits >= configuration.confirmationHitCount)
        {
          track.state = .confirmed
        }
        kept.append(track)
        continue
      }
      if let view, !view.isDetectorFrame {
        kept.append(track)
        continue
      }
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
      let expired: Bool
      if let view {
        if shouldBeDetected(track, in: view) { track.missedSeconds += step }
        expired =
          track.missedSeconds > configuration.maximumCoastSeconds
          || configuration.maximumUnobservedSeconds.map { t - track.lastHitSeconds > $0 } ?? false
      } else {
        expired = t - track.lastHitSeconds > configuration.maximumCoastSeconds
      }
      if expired {
        statistics.removedMarkerCount += 1
        removals.append(MarkerRemoval(markerID: track.id, reason: .expired))
        continue
      }
      kept.append(track)
    }
    tracks = kept
    return removals
  }
}
