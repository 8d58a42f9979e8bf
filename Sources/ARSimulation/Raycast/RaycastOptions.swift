/// Settings of a `Raycaster` where ARKit's behaviour is undocumented; every default is named.
public struct RaycastOptions: Sendable, Hashable, Codable {
  /// What to do with planes met from behind. Default `.cull` (ARCore documents
  /// culling; ARKit does not say; <doc:Raycasting>).
  public var backFacePolicy: BackFacePolicy
  /// A ray is parallel to a plane, and misses it, when `|direction · normal| <=
  /// parallelEpsilon` (unit vectors, so this is the cosine of the angle to the normal). Default
  /// 1e-6.
  public var parallelEpsilon: Float
  /// Estimated-plane fitting parameters.
  public var estimatedPlane: EstimatedPlaneParameters
  /// The seed of the estimated-plane RANSAC. Each query mixes it with the query's own bits, so a
  /// result depends only on the seed, the query and the world, never on the order of queries.
  public var seed: UInt64

  /// Creates options; arguments default to the values documented on the properties.
  public init(
    backFacePolicy: BackFacePolicy = .cull, parallelEpsilon: Float = 1e-6,
    estimatedPlane: EstimatedPlaneParameters = .default, seed: UInt64 = 0
  ) {
    self.backFacePolicy = backFacePolicy
    self.parallelEpsilon = parallelEpsilon
    self.estimatedPlane = estimatedPlane
    self.seed = seed
  }

  /// The defaults.
  public static let `default` = RaycastOptions()
}
