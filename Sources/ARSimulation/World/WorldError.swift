import SpatialMath

/// Why values could not form part of a world: a plane anchor, its extent or boundary, a feature
/// point cloud, a triangle mesh or a truth surface.
public enum WorldError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A plane or app anchor's `transform` is not finite, has a bottom row other than (0, 0, 0, 1), or its
  /// 3x3 is not a rotation within `PlaneAnchor.rigidityTolerance`.
  case anchorTransformNotRigid
  /// A plane anchor's `center` has a non-finite component.
  case anchorCenterNotFinite
  /// A plane extent's width or height (metres) is not finite and positive.
  case extentSizeNotPositive(width: Float, height: Float)
  /// A plane extent's `rotationOnYAxis` is not finite.
  case extentRotationNotFinite
  /// A boundary has fewer than 3 vertices.
  case boundaryTooFewVertices(count: Int)
  /// A boundary vertex has a non-finite coordinate.
  case boundaryVertexNotFinite(index: Int)
  /// A boundary vertex lies off the plane-local xz plane by more than `PlaneBoundary.yTolerance`.
  case boundaryVertexOffPlane(index: Int)
  /// A boundary vertex equals the one before it (a zero-length edge).
  case boundaryRepeatedVertex(index: Int)
  /// The boundary turns both ways, or back on itself, at this vertex.
  case boundaryNotConvex(index: Int)
  /// The boundary winds around more than once (a star) or encloses no area.
  case boundarySelfIntersecting
  /// A feature point has a non-finite coordinate.
  case featurePointNotFinite(index: Int)
  /// A feature point cloud has a different number of identifiers than points.
  case featurePointIdentifierCount(points: Int, identifiers: Int)
  /// A mesh vertex has a non-finite coordinate.
  case meshVertexNotFinite(index: Int)
  /// A mesh's index count is zero or not a multiple of 3.
  case meshIndexCount(Int)
  /// A mesh index (at position `position` of `indices`) names a vertex that does not exist.
  case meshIndexOutOfRange(position: Int, index: UInt32)
  /// A mesh triangle has zero area.
  case meshTriangleDegenerate(triangle: Int)
  /// A truth surface's rectangle width or height (metres) is not finite and positive.
  case surfaceSizeNotPositive(width: Float, height: Float)
  /// A truth surface's pose is not finite or its rotation is not a usable quaternion.
  case surfaceTransformInvalid

  /// A one-line explanation naming the bad value.
  public var description: String {
    switch self {
    case .anchorTransformNotRigid:
      "transform must be rigid (finite, orthonormal rotation with determinant +1 within "
        + "\(PlaneAnchor.rigidityTolerance), bottom row 0 0 0 1)"
    case .anchorCenterNotFinite: "center must be finite"
    case .extentSizeNotPositive(let w, let h):
      "extent width and height must be finite and > 0 m, got \(w) x \(h)"
    case .extentRotationNotFinite: "extent rotationOnYAxis must be finite radians"
    case .boundaryTooFewVertices(let n): "a boundary needs at least 3 vertices, found \(n)"
    case .boundaryVertexNotFinite(let i): "boundary vertex \(i) is not finite"
    case .boundaryVertexOffPlane(let i):
      "boundary vertex \(i) has |y| > \(PlaneBoundary.yTolerance) m"
    case .boundaryRepeatedVertex(let i): "boundary vertex \(i) repeats the previous vertex"
    case .boundaryNotConvex(let i): "the boundary is not convex at vertex \(i)"
    case .boundarySelfIntersecting: "the boundary is self-intersecting or has no area"
    case .featurePointNotFinite(let i): "feature point \(i) is not finite"
    case .featurePointIdentifierCount(let p, let i):
      "a point cloud needs one identifier per point, found \(p) points and \(i) identifiers"
    case .meshVertexNotFinite(let i): "mesh vertex \(i) is not finite"
    case .meshIndexCount(let n): "a mesh needs a non-zero multiple of 3 indices, found \(n)"
    case .meshIndexOutOfRange(let position, let index):
      "mesh index \(position) is \(index), beyond the last vertex"
    case .meshTriangleDegenerate(let t): "mesh triangle \(t) has zero area"
    case .surfaceSizeNotPositive(let w, let h):
      "surface width and height must be finite and > 0 m, got \(w) x \(h)"
    case .surfaceTransformInvalid:
      "surface pose must be finite with a non-zero rotation quaternion"
    }
  }
}
