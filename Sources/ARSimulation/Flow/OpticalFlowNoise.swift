/// The errors of a simulated optical-flow estimate (what `VNGenerateOpticalFlowRequest` or a
/// sparse tracker adds to the true image motion), in image pixels of the stored image.
///
/// Each flow vector `f` becomes `f + e`, with `e` a Gaussian of standard deviation
/// `sqrt(standardDeviationPixels² + (relativeStandardDeviation · |f|)²)` per component (fast
/// motion blurs the image and is matched less well); then, with `outlierProbability`, the
/// vector is replaced by one drawn uniformly in `[-outlierRangePixels, outlierRangePixels]²`
/// (a wrong match).
public struct OpticalFlowNoise: Sendable, Hashable {
  /// Why noise parameters were refused.
  public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A parameter is negative or not finite (named).
    case notNonNegative(String, Double)
    /// The outlier probability is not in 0...1.
    case probabilityOutOfRange(Double)

    /// A one-line explanation naming the bad value.
    public var description: String {
      switch self {
      case .notNonNegative(let name, let value): "\(name) must be finite and >= 0, got \(value)"
      case .probabilityOutOfRange(let value): "outlierProbability must be in [0, 1], got \(value)"
      }
    }
  }

  /// Standard deviation of each component, pixels (>= 0).
  public let standardDeviationPixels: Double
  /// Extra standard deviation per component as a fraction of the flow's length (>= 0).
  public let relativeStandardDeviation: Double
  /// Probability that a vector is an outlier (0...1).
  public let outlierProbability: Double
  /// Half-width of the square outliers are drawn from, pixels (>= 0).
  public let outlierRangePixels: Double

  /// Creates a noise model.
  ///
  /// - Throws: ``ConfigurationError`` for a negative or non-finite value or a probability
  ///   outside 0...1.
  public init(
    standardDeviationPixels: Double, relativeStandardDeviation: Double = 0,
    outlierProbability: Double = 0, outlierRangePixels: Double = 0
  ) throws(ConfigurationError) {
    for (name, value) in [
      ("standardDeviationPixels", standardDeviationPixels),
      ("relativeStandardDeviation", relativeStandardDeviation),
      ("outlierRangePixels", outlierRangePixels),
    ] where !(value.isFinite && value >= 0) {
      throw .notNonNegative(name, value)
    }
    guard (0...1).contains(outlierProbability) else {
      throw .probabilityOutOfRange(outlierProbability)
    }
    self.standardDeviationPixels = standardDeviationPixels
    self.relativeStandardDeviation = relativeStandardDeviation
    self.outlierProbability = outlierProbability
    self.outlierRangePixels = outlierRangePixels
  }

  private init(unchecked: Void) {
    standardDeviationPixels = 0
    relativeStandardDeviation = 0
    outlierProbability = 0
    outlierRangePixels = 0
  }

  /// No noise: the exact flow.
  public static let none = OpticalFlowNoise(unchecked: ())

  /// The number of random values ``perturb(_:using:)`` draws per vector, whatever the outcome
  /// (so streams stay aligned whether or not a vector exists).
  public static let drawsPerVector = 5
}
