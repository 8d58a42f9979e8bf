// Conversions from ARKit's types to ARSimulation's, one initializer each, compiled only where
// ARKit has `ARFrame` (see `ARSessionFrame.swift`). Matrices keep their columns (both are
// column-major, translation in `columns.3`), vectors their components, identifiers become
// UUID strings; enumerations map case by case (ARKit's raw values are the package's).
#if canImport(ARKit) && os(iOS) && !targetEnvironment(macCatalyst)
  import ARKit
  import ARSimulation
  import SpatialMath

  extension Camera {
    /// `ARCamera`'s pose (`transform`, worldFromCamera), intrinsics, image resolution and
    /// tracking state.
    ///
    /// - Throws: `CameraError` when the pose is not rigid or the resolution not positive.
    public init(_ camera: ARCamera) throws {
      try self.init(
        transform: Matrix4x4(camera.transform),
        intrinsics: CameraIntrinsics(matrix: Matrix3x3(camera.intrinsics)),
        imageResolution: Size(camera.imageResolution),
        trackingState: Camera.TrackingState(camera.trackingState))
    }
  }

  extension Camera.TrackingState {
    /// ARKit's tracking state; a reason this build does not know is `nil` (not recorded).
    public init?(_ state: ARCamera.TrackingState) {
      switch state {
      case .notAvailable: self = .notAvailable
      case .normal: self = .normal
      case .limited(let reason):
        switch reason {
        case .initializing: self = .limited(.initializing)
        case .excessiveMotion: self = .limited(.excessiveMotion)
        case .insufficientFeatures: self = .limited(.insufficientFeatures)
        case .relocalizing: self = .limited(.relocalizing)
        @unknown default: return nil
        }
      }
    }
  }

  extension PlaneAnchor {
    /// `ARPlaneAnchor`'s identifier (UUID string), pose, centre, extent, boundary, alignment
    /// and classification, or `nil` when ARKit's pose is not rigid.
    ///
    /// ARKit's boundary (`geometry.boundaryVertices`, plane-local) may be concave; the package
    /// raycasts against convex boundaries, so a concave one becomes its convex hull, and one
    /// with fewer than three distinct vertices the rectangle of the extent.
    public init?(_ anchor: ARPlaneAnchor) {
      guard
        let extent = try? PlaneExtent(
          width: anchor.planeExtent.width, height: anchor.planeExtent.height,
          rotationOnYAxis: .radians(Double(anchor.planeExtent.rotationOnYAxis)))
      else { return nil }
      let vertices = anchor.geometry.boundaryVertices.map { SIMD3<Float>($0.x, 0, $0.z) }
      guard
        let boundary = (try? PlaneBoundary(vertices: vertices))
          ?? (try? PlaneBoundary(vertices: PlaneAnchor.convexHull(of: vertices)))
          ?? (try? PlaneBoundary(
            rectangleHalfWidth: extent.width / 2, halfHeight: extent.height / 2))
      else { return nil }
      let classification: PlaneAnchor.Classification =
        switch anchor.classification {
        case .wall: .wall
        case .floor: .floor
        case .ceiling: .ceiling
        case .table: .table
        case .seat: .seat
        case .window: .window
        case .door: .door
        default: .none
        }
      do {
        try self.init(
          identifier: anchor.identifier.uuidString, transform: Matrix4x4(anchor.transform),
          center: anchor.center, extent: extent, boundary: boundary,
          alignment: anchor.alignment == .vertical ? .vertical : .horizontal,
          classification: classification)
      } catch {
        return nil
      }
    }

    /// The convex hull of plane-local points in the xz plane (Andrew's monotone chain),
    /// counter-clockwise seen from +y.
    static func convexHull(of points: [SIMD3<Float>]) -> [SIMD3<Float>] {
      let sorted = points.sorted { ($0.x, $0.z) < ($1.x, $1.z) }
      func cross(_ o: SIMD3<Float>, _ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        (a.x - o.x) * (b.z - o.z) - (a.z - o.z) * (b.x - o.x)
      }
      var lower: [SIMD3<Float>] = []
      for point in sorted {
        while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], point) <= 0 {
          lower.removeLast()
        }
        lower.append(point)
      }
      var upper: [SIMD3<Float>] = []
      for point in sorted.reversed() {
        while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], point) <= 0 {
          upper.removeLast()
        }
        upper.append(point)
      }
      return Array(lower.dropLast() + upper.dropLast())
    }
  }

  extension AppAnchor {
    /// An app's `ARAnchor`: its identifier (UUID string), name and pose, or `nil` when the pose
    /// is not rigid.
    public init?(_ anchor: ARAnchor) {
      do {
        try self.init(
          identifier: anchor.identifier.uuidString, name: anchor.name,
          transform: Matrix4x4(anchor.transform))
      } catch {
        return nil
      }
    }
  }

  extension FeaturePointCloud {
    /// `ARPointCloud`'s points (world metres) and identifiers, or `nil` when a point is not
    /// finite.
    public init?(_ cloud: ARPointCloud) {
      do {
        try self.init(points: cloud.points, identifiers: cloud.identifiers)
      } catch {
        return nil
      }
    }
  }

  extension RaycastQuery.Target {
    /// ARKit's target (same raw values).
    public init(_ target: ARRaycastQuery.Target) {
      self = RaycastQuery.Target(rawValue: target.rawValue) ?? .estimatedPlane
    }
  }

  extension RaycastQuery.TargetAlignment {
    /// ARKit's alignment (same raw values).
    public init(_ alignment: ARRaycastQuery.TargetAlignment) {
      self = RaycastQuery.TargetAlignment(rawValue: alignment.rawValue) ?? .any
    }
  }

  extension ARRaycastQuery {
    /// The ARKit query with the same origin, direction, target and alignment.
    public convenience init(_ query: RaycastQuery) {
      self.init(
        origin: query.origin, direction: query.direction,
        allowing: ARRaycastQuery.Target(rawValue: query.target.rawValue) ?? .estimatedPlane,
        alignment: ARRaycastQuery.TargetAlignment(rawValue: query.targetAlignment.rawValue)
          ?? .any)
    }
  }

  extension RaycastResult {
    /// ARKit's result: its world transform, target, alignment and anchor identifier; the
    /// distance is measured from the query's origin.
    public init(_ result: ARRaycastResult, query: RaycastQuery) {
      let position = Matrix4x4(result.worldTransform).columns.3
      let offset = SIMD3<Float>(position.x, position.y, position.z) - query.origin
      self.init(
        worldTransform: Matrix4x4(result.worldTransform),
        target: RaycastQuery.Target(result.target),
        targetAlignment: RaycastQuery.TargetAlignment(result.targetAlignment),
        anchorIdentifier: result.anchor?.identifier.uuidString,
        distance: (offset * offset).sum().squareRoot())
    }
  }
#endif
