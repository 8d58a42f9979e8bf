import SpatialMath

/// A chi-square validation gate for 3D innovations (3 degrees of freedom).
///
/// A measurement with innovation `y` (measurement minus prediction, metres) and innovation
/// variance `S` per axis (isotropic, square metres) passes when the squared Mahalanobis distance
/// `|y|² / S` is at most `threshold`. The threshold is a quantile of the chi-square distribution
/// with 3 degrees of freedom (see the static members).
public struct ChiSquareGate: Sendable, Hashable, Codable {
  /// The largest accepted squared Mahalanobis distance (dimensionless, > 0; `.infinity` disables
  /// the gate).
  public var threshold: Double

  /// Creates a gate; `.infinity` accepts everything (like `disabled`).
  ///
  /// - Throws: `ParameterError` when `threshold` is NaN or not positive.
  public init(threshold: Double) throws(ParameterError) {
    guard !threshold.isNaN, threshold > 0 else {
      throw ParameterError(
        parameter: "threshold", value: "\(threshold)", requirement: "> 0 (or infinity)")
    }
    self.threshold = threshold
  }

  init(unchecked threshold: Double) { self.threshold = threshold }

  /// 95 % quantile of chi-square with 3 degrees of freedom: 7.8147.
  public static let probability95 = ChiSquareGate(unchecked: 7.814_727_903)
  /// 99 % quantile of chi-square with 3 degrees of freedom: 11.3449.
  public static let probability99 = ChiSquareGate(unchecked: 11.344_866_73)
  /// 99.9 % quantile of chi-square with 3 degrees of freedom: 16.2662.
  public static let probability999 = ChiSquareGate(unchecked: 16.266_236_2)
  /// A gate that accepts everything.
  public static let disabled = ChiSquareGate(unchecked: .infinity)

  /// Whether an innovation with squared length `innovationLengthSquared` (square metres) and
  /// per-axis variance `innovationVariance` (square metres, > 0) passes.
  public func accepts(innovationLengthSquared: Double, innovationVariance: Double) -> Bool {
    innovationLengthSquared / innovationVariance <= threshold  // NaN fails.
  }
}
