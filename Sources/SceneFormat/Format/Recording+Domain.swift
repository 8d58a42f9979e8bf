import ARSimulation
import SpatialMath

// Conversions between the recording format's plain types and the simulation's validated domain
// types. Converting to the domain re-checks what the domain requires (rigid transforms, convex
// boundaries, positive focal lengths) and throws an `InputFileError` whose path is relative to
// the converted object, so callers prefix it with the frame and member they converted.

extension RecordingCamera {
  /// The camera (worldFromCamera, intrinsics, resolution, distortion).
  ///
  /// - Throws: `InputFileError` (`invalidValue`) naming `transform`, `intrinsics`,
  ///   `imageResolution` or `distortion`.
  public func camera() throws -> Camera {
    guard let transform = worldFromCamera else {
      throw InputFileError(.typeMismatch, "expected 16 numbers", path: [.key("transform")])
    }
    guard let matrix = try? Matrix3x3(columnMajor: intrinsics.map { Float($0) }) else {
      throw InputFileError(.typeMismatch, "expected 9 numbers", path: [.key("intrinsics")])
    }
    do {
      var lens: LensDistortion?
      if let d = distortion {
        lens = try LensDistortion(k1: d.k1, k2: d.k2, p1: d.p1, p2: d.p2, k3: d.k3)
      }
      return try Camera(
        transform: transform, intrinsics: CameraIntrinsics(matrix: matrix),
        imageResolution: imageResolution, distortion: lens, trackingState: trackingState)
    } catch {
      let key =
        switch error {
        case .focalLengthNotPositive, .principalPointNotFinite, .intrinsicsNotPinhole: "intrinsics"
        case .imageResolutionNotPositive: "imageResolution"
        case .distortionNotFinite: "distortion"
        default: "transform"
        }
      throw InputFileError(.invalidValue, error.description, path: [.key(key)])
    }
  }

  /// The recording form of a camera (its distortion and tracking state included; the near
  /// distance is not part of the format).
  public init(_ camera: Camera) {
    self.init(
      transform: camera.transform.columnMajor.map(Double.init(shortest:)),
      intrinsics: camera.intrinsics.matrix.columnMajor.map(Double.init(shortest:)),
      imageResolution: camera.imageResolution,
      distortion: camera.distortion.map {
        RecordingLensDistortion(k1: $0.k1, k2: $0.k2, p1: $0.p1, p2: $0.p2, k3: $0.k3)
      },
      trackingState: camera.trackingState)
  }
}

extension RecordingPlane {
  /// The plane anchor.
  ///
  /// - Throws: `InputFileError` (`invalidValue`) naming the member that the anchor refused.
  public func planeAnchor() throws -> PlaneAnchor {
    guard let transform = worldFromPlane else {
      throw InputFileError(.typeMismatch, "expected 16 numbers", path: [.key("transform")])
    }
    let extent: PlaneExtent
    do {
      extent = try PlaneExtent(
        width: Float(self.extent.width), height: Float(self.extent.height),
        rotationOnYAxis: .radians(self.extent.rotationOnYAxisRadians))
    } catch {
      throw InputFileError(.invalidValue, error.description, path: [.key("extent")])
    }
    let boundary: PlaneBoundary
    do {
      boundary = try PlaneBoundary(vertices: self.boundary.map { SIMD3<Float>($0) })
    } catch {
      throw InputFileError(.invalidValue, error.description, path: [.key("boundary")])
    }
    do {
      return try PlaneAnchor(
        identifier: identifier, transform: transform, center: SIMD3<Float>(center),
        extent: extent, boundary: boundary, alignment: alignment, classification: classification)
    } catch {
      throw InputFileError(.invalidValue, error.description, path: [.key("transform")])
    }
  }

  /// The recording form of a plane anchor.
  public init(_ anchor: PlaneAnchor) {
    self.init(
      identifier: anchor.identifier,
      transform: anchor.transform.columnMajor.map(Double.init(shortest:)),
      center: SIMD3<Double>(shortest: anchor.center),
      extent: RecordingPlaneExtent(
        width: Double(shortest: anchor.extent.width),
        height: Double(shortest: anchor.extent.height),
        rotationOnYAxisRadians: anchor.extent.rotationOnYAxis.radians),
      boundary: anchor.boundary.vertices.map { SIMD3<Double>(shortest: $0) },
      alignment: anchor.alignment,
      classification: anchor.classification)
  }
}

extension RecordingFeaturePoints {
  /// The point cloud; identifiers default to 0, 1, 2, ... when the recording has none.
  public func pointCloud() throws -> FeaturePointCloud {
    let floats = points.map { SIMD3<Float>($0) }
    let ids = identifiers ?? (0..<points.count).map { UInt64($0) }
    do {
      return try FeaturePointCloud(points: floats, identifiers: ids)
    } catch {
      switch error {
      case .featurePointNotFinite(let index):
        throw InputFileError(
          .invalidValue, "\(error.description) (as Float)", path: [.key("points"), .index(index)])
      default:
        throw InputFileError(.invalidValue, error.description, path: [.key("identifiers")])
      }
    }
  }

  /// The recording form of a point cloud.
  public init(_ cloud: FeaturePointCloud) {
    self.init(
      points: cloud.points.map { SIMD3<Double>(shortest: $0) }, identifiers: cloud.identifiers)
  }
}

extension RecordingFrame {
  /// The frame's plane anchors and feature points as a world to raycast against.
  ///
  /// - Throws: `InputFileError` with a path relative to the frame (`planes[2].boundary`).
  public func frameWorld() throws -> FrameWorld {
    var anchors: [PlaneAnchor] = []
    anchors.reserveCapacity(planes.count)
    for (index, plane) in planes.enumerated() {
      do {
        anchors.append(try plane.planeAnchor())
      } catch let error as InputFileError {
        throw error.prefixed(.index(index)).prefixed(.key("planes"))
      }
    }
    var cloud = FeaturePointCloud.empty
    if let featurePoints {
      do {
        cloud = try featurePoints.pointCloud()
      } catch let error as InputFileError {
        throw error.prefixed(.key("featurePoints"))
      }
    }
    return FrameWorld(planeAnchors: anchors, featurePoints: cloud)
  }

  /// The frame's camera.
  ///
  /// - Throws: `InputFileError` with a path relative to the frame (`camera.intrinsics`).
  public func simulatedCamera() throws -> Camera {
    do {
      return try camera.camera()
    } catch let error as InputFileError {
      throw error.prefixed(.key("camera"))
    }
  }
}

extension RecordingVision {
  /// The Vision request settings.
  public func requestSettings() throws -> VisionRequestSettings {
    do {
      return try VisionRequestSettings(
        orientation: orientation, cropAndScale: cropAndScale, modelInputSize: modelInputSize,
        regionOfInterest: regionOfInterest, scaleFitAlignment: scaleFitAlignment ?? .center)
    } catch {
      let key: String =
        if case .modelInputSizeNotPositive = error { "modelInputSize" } else { "regionOfInterest" }
      throw InputFileError(.invalidValue, error.description, path: [.key(key)])
    }
  }

  /// The recording form of request settings (`scaleFitAlignment` only when not centred).
  public init(_ settings: VisionRequestSettings) {
    self.init(
      cropAndScale: settings.cropAndScale, modelInputSize: settings.modelInputSize,
      orientation: settings.orientation, regionOfInterest: settings.regionOfInterest,
      scaleFitAlignment: settings.scaleFitAlignment == .center ? nil : settings.scaleFitAlignment)
  }
}

extension RecordingViewport {
  /// The viewport.
  public func simulatedViewport() throws -> Viewport {
    do {
      return try Viewport(size: size, interfaceOrientation: interfaceOrientation)
    } catch {
      throw InputFileError(.invalidValue, error.description, path: [.key("size")])
    }
  }

  /// The recording form of a viewport.
  public init(_ viewport: Viewport) {
    self.init(size: viewport.size, interfaceOrientation: viewport.interfaceOrientation)
  }
}

extension Double {
  /// The `Double` whose shortest decimal form is that of `value`: `Float(1.2)` becomes `1.2`, not
  /// `1.2000000476837158`, so recordings written from `Float` state read as they were meant.
  /// Exact for every finite `Float` (its shortest decimal form reads back to the same `Float`).
  fileprivate init(shortest value: Float) {
    self = value.isFinite ? Double(value.description) ?? Double(value) : Double(value)
  }
}

extension SIMD3 where Scalar == Double {
  /// Componentwise `Double(shortest:)`.
  fileprivate init(shortest v: SIMD3<Float>) {
    self.init(Double(shortest: v.x), Double(shortest: v.y), Double(shortest: v.z))
  }
}
