import SpatialMath

/// Accuracy and stability metrics of tracked markers against truth.
///
/// World positions are metres; results carry their unit in the name (millimetres, pixels,
/// seconds). Functions return `nil` when the input cannot define the metric (too few samples,
/// non-finite values, a degenerate step).
public enum TrackingMetrics {
  /// The placement error: the 3D distance between an estimate and the truth, millimetres, or `nil`
  /// when either is not finite.
  public static func placementErrorMillimeters(estimate: SIMD3<Float>, truth: SIMD3<Float>)
    -> Double?
  {
    guard estimate.isFinite, truth.isFinite else { return nil }
    return Double(estimate.distance(to: truth)) * 1000
  }

  /// The reprojection error: the distance between a marker projected into the viewport (or image)
  /// and the projected truth, in the same units as the points (pixels or points), or `nil` when a
  /// projection failed (`nil`, e.g. behind the camera) or is not finite. The caller projects both
  /// points with the frame's camera.
  public static func reprojectionErrorPixels(projected: Point?, truth: Point?) -> Double? {
    guard let projected, let truth, projected.isFinite, truth.isFinite else { return nil }
    return projected.distance(to: truth)
  }

  /// The root mean square of a list of errors (any unit), or `nil` for an empty list or a
  /// non-finite value.
  public static func rootMeanSquare(_ values: [Double]) -> Double? {
    guard !values.isEmpty, values.allSatisfy(\.isFinite) else { return nil }
    return (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
  }

  /// Jitter: the RMS of the 3D frame-to-frame motion of a marker that should be static,
  /// millimetres: `sqrt(mean |p[i] - p[i-1]|²)` over consecutive samples. `nil` for fewer than two
  /// samples or a non-finite position.
  public static func jitterRMSMillimeters(_ positions: [SIMD3<Float>]) -> Double? {
    guard positions.count >= 2, positions.allSatisfy(\.isFinite) else { return nil }
    var sum = 0.0
    for i in 1..<positions.count {
      sum += Double((positions[i] - positions[i - 1]).lengthSquared)
    }
    return (sum / Double(positions.count - 1)).squareRoot() * 1000
  }

  /// The response of an estimate to a step of the truth from `start` to `target` (world metres) at
  /// `stepSeconds`, from samples `(timestampSeconds, position)` in time order.
  ///
  /// Progress is the estimate's displacement from `start` projected on the step direction, divided
  /// by the step length. `nil` when the step is shorter than 1e-9 m or not finite.
  public static func stepResponse(
    samples: [(timestampSeconds: Double, position: SIMD3<Float>)],
    start: SIMD3<Float>, target: SIMD3<Float>, stepSeconds: Double
  ) -> StepResponse? {
    let step = SIMD3<Double>(target - start)
    let length = (step * step).sum().squareRoot()
    guard length.isFinite, length > 1e-9, stepSeconds.isFinite else { return nil }
    let direction = step / length
    var timeTo90: Double?
    var overshoot = 0.0
    for sample in samples where sample.timestampSeconds >= stepSeconds && sample.position.isFinite {
      let along = (SIMD3<Double>(sample.position - start) * direction).sum()
      if timeTo90 == nil, along >= 0.9 * length { timeTo90 = sample.timestampSeconds - stepSeconds }
      overshoot = max(overshoot, along - length)
    }
    return StepResponse(timeTo90PercentSeconds: timeTo90, overshootMeters: overshoot)
  }

  /// Time to the first confirmed marker for one truth object: the first frame time, measured from
  /// `startSeconds` (seconds), at which a shown marker (confirmed or coasting) with the object's
  /// label lies within `thresholdMeters` of `truthPosition` (world metres). `history` is the
  /// tracker's output per frame in time order. `nil` when that never happens.
  ///
  /// - Complexity: O(total markers in `history`).
  public static func timeToFirstConfirmedSeconds(
    history: [(timestampSeconds: Double, markers: [TrackedMarker])], label: String,
    truthPosition: SIMD3<Float>, thresholdMeters: Float, startSeconds: Double = 0
  ) -> Double? {
    for frame in history where frame.timestampSeconds >= startSeconds {
      let found = frame.markers.contains {
        $0.state.isShown && $0.label == label
          && $0.position.distance(to: truthPosition) <= thresholdMeters
      }
      if found { return frame.timestampSeconds - startSeconds }
    }
    return nil
  }

  /// Half the smallest distance between two of the given positions (metres): the matching threshold
  /// for MOT metrics ("half the spacing of neighbouring objects"), or `nil` for fewer than two
  /// positions or coincident ones.
  public static func halfNeighbourSpacingMeters(_ positions: [SIMD3<Float>]) -> Float? {
    guard positions.count >= 2 else { return nil }
    var smallest = Float.infinity
    for i in positions.indices {
      for j in positions.indices where j > i {
        smallest = min(smallest, positions[i].distance(to: positions[j]))
      }
    }
    guard smallest.isFinite, smallest > 0 else { return nil }
    return smallest / 2
  }
}

/// How an estimate followed a step (see `TrackingMetrics.stepResponse`).
public struct StepResponse: Sendable, Hashable, Codable {
  /// Time from the step to the first sample at 90 % of the step, seconds; `nil` if never reached.
  public var timeTo90PercentSeconds: Double?
  /// The largest excursion beyond the target along the step direction, metres (>= 0).
  public var overshootMeters: Double
}
