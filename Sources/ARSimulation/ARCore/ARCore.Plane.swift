import SpatialMath

extension ARCore {
  /// A detected plane (`com.google.ar.core.Plane`): a pose whose +y is the plane's normal, a
  /// bounding rectangle in the local xz plane, and a convex boundary polygon.
  public struct Plane: Sendable, Hashable {
    /// `Plane.Type`: which way the plane faces.
    public enum PlaneType: CaseNameCodable, Hashable {
      /// A horizontal plane facing up (a floor, a table).
      case horizontalUpwardFacing
      /// A horizontal plane facing down (a ceiling).
      case horizontalDownwardFacing
      /// A vertical plane (a wall).
      case vertical

      /// Decodes the case from ARCore's name.
      public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
      /// Encodes ARCore's name.
      public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

      /// ARCore's name (`"HORIZONTAL_UPWARD_FACING"`, ...).
      public var name: String {
        switch self {
        case .horizontalUpwardFacing: "HORIZONTAL_UPWARD_FACING"
        case .horizontalDownwardFacing: "HORIZONTAL_DOWNWARD_FACING"
        case .vertical: "VERTICAL"
        }
      }
    }

    /// A stable identifier for the trackable (ARCore gives object identity; recordings a string).
    public let identifier: String
    /// `getType()`.
    public let type: PlaneType
    /// `getCenterPose()`: `worldFromPlane`; +y is the normal, +x and +z orient the extents.
    public let centerPose: Pose
    /// `getExtentX()`: the bounding rectangle's length along local x, metres (>= 0).
    public let extentX: Float
    /// `getExtentZ()`: the bounding rectangle's length along local z, metres (>= 0).
    public let extentZ: Float
    /// `getPolygon()`: the boundary's vertices `(x, z)` in the local xz plane (convex, either
    /// winding), metres.
    public let polygon: [SIMD2<Float>]
    /// `getTrackingState()`.
    public let trackingState: TrackingState
    /// `getSubsumedBy()`: the identifier of the plane that merged this one, or `nil`.
    public let subsumedBy: String?

    /// Creates a plane (an empty polygon is allowed: nothing is inside it).
    ///
    /// - Throws: ``ARCoreError/planeExtentNotValid(x:z:)`` for negative or non-finite extents,
    ///   ``ARCoreError/planePolygonNotValid(vertexCount:)`` for a polygon with a non-finite
    ///   vertex or with 1 or 2 vertices.
    public init(
      identifier: String, type: PlaneType, centerPose: Pose, extentX: Float, extentZ: Float,
      polygon: [SIMD2<Float>], trackingState: TrackingState = .tracking, subsumedBy: String? = nil
    ) throws(ARCoreError) {
      guard extentX.isFinite, extentZ.isFinite, extentX >= 0, extentZ >= 0 else {
        throw .planeExtentNotValid(x: extentX, z: extentZ)
      }
      guard polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }), polygon.count != 1,
        polygon.count != 2
      else { throw .planePolygonNotValid(vertexCount: polygon.count) }
      self.identifier = identifier
      self.type = type
      self.centerPose = centerPose
      self.extentX = extentX
      self.extentZ = extentZ
      self.polygon = polygon
      self.trackingState = trackingState
      self.subsumedBy = subsumedBy
    }

    /// The plane's unit normal in world space (the center pose's +y).
    public var normal: SIMD3<Float> { centerPose.yAxis }

    /// A world point in the plane's local frame (metres; y is the signed height above the plane).
    public func localPoint(fromWorld world: SIMD3<Float>) -> SIMD3<Float> {
      centerPose.worldFromLocal.inverse.transformPoint(world)
    }

    /// `isPoseInExtents(pose)`: whether the pose's position, projected onto the plane, lies in the
    /// bounding rectangle (borders included). The height above the plane is ignored.
    public func isPoseInExtents(_ pose: Pose) -> Bool {
      let p = localPoint(fromWorld: pose.translation)
      return abs(p.x) <= extentX / 2 && abs(p.z) <= extentZ / 2
    }

    /// `isPoseInPolygon(pose)`: whether the pose's position, projected onto the plane, lies in the
    /// boundary polygon (borders included, either winding). The height above the plane is ignored.
    public func isPoseInPolygon(_ pose: Pose) -> Bool {
      let p = localPoint(fromWorld: pose.translation)
      return Self.polygon(polygon, contains: SIMD2(p.x, p.z))
    }

    /// The distance (metres) in the local xz plane from `point` to the polygon: 0 inside, else to
    /// the nearest edge; +infinity for an empty polygon.
    func distanceToPolygon(_ point: SIMD2<Float>) -> Float {
      guard polygon.count >= 3 else { return .infinity }
      if Self.polygon(polygon, contains: point) { return 0 }
      var best = Float.infinity
      for i in polygon.indices {
        let a = polygon[i]
        let b = polygon[(i + 1) % polygon.count]
        let ab = b - a
        let lengthSquared = (ab * ab).sum()
        let t = lengthSquared > 0 ? min(max(((point - a) * ab).sum() / lengthSquared, 0), 1) : 0
        let d = point - (a + t * ab)
        best = min(best, (d * d).sum().squareRoot())
      }
      return best
    }

    /// Whether a convex polygon (either winding) contains a point, borders included.
    static func polygon(_ vertices: [SIMD2<Float>], contains p: SIMD2<Float>) -> Bool {
      guard vertices.count >= 3 else { return false }
      var sign: Float = 0
      for i in vertices.indices {
        let a = vertices[i]
        let b = vertices[(i + 1) % vertices.count]
        let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
        if cross == 0 { continue }
        if sign == 0 {
          sign = cross > 0 ? 1 : -1
        } else if (cross > 0 ? 1 : -1) != sign {
          return false
        }
      }
      return true
    }
  }
}
