import SpatialMath

/// Why inputs for the batched raycast kernels could not be made: a ray batch, a batch plane or a
/// pixel grid.
public enum BatchRaycastError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The six component arrays of a ray batch have different counts (origin x first).
  case componentCountMismatch(counts: [Int])
  /// A plane's pose has a non-finite value or a rotation quaternion not within 1e-3 of unit length.
  case poseInvalid
  /// A rectangle's centre or rotation is not finite, or a half extent is not finite and positive.
  case rectangleInvalid
  /// A polygon has fewer than 3 vertices, a non-finite vertex, (near) zero area or a reflex
  /// corner (after `Float` rounding).
  case polygonNotConvex
  /// A grid's viewport or image size is not positive, or its display transform is not invertible.
  case gridInvalid
  /// The plane anchor's transform is not rigid (it cannot be for a validated `PlaneAnchor`).
  case anchorTransformNotRigid

  /// A one-line explanation naming the bad value.
  public var description: String {
    switch self {
    case .componentCountMismatch(let counts):
      "ray component arrays must have equal counts, got \(counts.map(String.init).joined(separator: ", "))"
    case .poseInvalid: "plane pose must be finite with a unit rotation quaternion (within 1e-3)"
    case .rectangleInvalid:
      "rectangle centre and rotation must be finite and half extents finite and > 0"
    case .polygonNotConvex:
      "polygon must have at least 3 finite vertices, non-zero area and no reflex corner"
    case .gridInvalid:
      "grid needs a positive viewport and image size and an invertible display transform"
    case .anchorTransformNotRigid: "plane anchor transform is not rigid"
    }
  }
}
