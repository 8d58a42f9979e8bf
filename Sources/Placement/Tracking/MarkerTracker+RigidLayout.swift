import SpatialMath

extension MarkerTracker {
  /// Rigid-layout mode: finds the shared translation that explains the most measurements and, when
  /// it is a jump (longer than the association gate) supported by at least `rigidMinimumSupport`
  /// measurements and by more measurements than no translation at all, moves every marker by it.
  ///
  /// Candidate translations are the differences between each measurement and each established
  /// marker with its label (plus zero). A candidate's support is the number of measurements that
  /// land within the association gate of a same-label established marker once the markers are
  /// moved by it. Ties prefer the shorter translation, then the earlier candidate (measurement
  /// order, then marker id order). The applied translation is the mean residual of the
  /// supporting measurements, so it is not biased by the one pair that proposed it.
  ///
  /// - Complexity: O(n² m²) for n established markers and m measurements.
  /// Returns the translation applied (world metres), or `nil` when none was.
  mutating func applySharedJumpIfSupported(_ measurements: [MarkerMeasurement], at t: Double)
    -> SIMD3<Float>?
  {
    let established = tracks.indices.filter { tracks[$0].state.isShown }
    guard established.count >= 1, measurements.count >= configuration.rigidMinimumSupport else {
      return nil
    }
    let predicted = established.map { tracks[$0].filter.predictedPosition(atSeconds: t) ?? .zero }
    let gate = configuration.associationGateMeters

    func support(of shift: SIMD3<Float>) -> (count: Int, meanResidual: SIMD3<Float>) {
      var count = 0
      var sum = SIMD3<Double>.zero
      for m in measurements {
        var best: (distance: Float, residual: SIMD3<Float>)?
        for (k, index) in established.enumerated() where tracks[index].label == m.label {
          let residual = m.position - predicted[k]
          let d = (residual - shift).length
          if d <= gate, best.map({ d < $0.distance }) ?? true { best = (d, residual) }
        }
        if let best {
          count += 1
          sum += SIMD3<Double>(best.residual)
        }
      }
      return (count, count > 0 ? SIMD3<Float>(sum / Double(count)) : .zero)
    }

    let zeroSupport = support(of: .zero).count
    var best: (count: Int, norm: Float, mean: SIMD3<Float>)?
    for m in measurements {
      for (k, index) in established.enumerated() where tracks[index].label == m.label {
        let shift = m.position - predicted[k]
        let norm = shift.length
        guard norm > gate else { continue }
        let s = support(of: shift)
        if let current = best,
          s.count < current.count || (s.count == current.count && norm >= current.norm)
        {
          continue
        }
        best = (s.count, norm, s.meanResidual)
      }
    }
    guard let best, best.count >= configuration.rigidMinimumSupport, best.count > zeroSupport,
      best.mean.length > gate
    else { return nil }
    for index in tracks.indices {
      guard let p = tracks[index].filter.position else { continue }
      tracks[index].filter.reset(to: p + best.mean, timestampSeconds: t)
      tracks[index].evidence.clear()
    }
    statistics.rigidReanchorCount += 1
    return best.mean
  }
}
