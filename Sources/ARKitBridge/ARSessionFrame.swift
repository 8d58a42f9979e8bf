// The ARKit side of `PlacementFrame`. ARKit exists only in the iOS SDK (not on Linux, macOS or
// visionOS, whose ARKit has no `ARFrame`), so everything here is compiled only there and the
// module is empty elsewhere. It cannot be built where the package's CI runs: keep it a thin
// mapping onto the types of `ARSimulation`, whose behaviour the tests cover.
#if canImport(ARKit) && os(iOS) && !targetEnvironment(macCatalyst)
  import ARKit
  import ARSimulation
  import Placement
  import SpatialMath
  import UIKit

  /// An `ARFrame` as a ``PlacementFrame``, with the app's `ARSession` (which raycasts) and the
  /// view that shows the camera image: what an app hands its placer on the device.
  ///
  /// ```swift
  /// func session(_ session: ARSession, didUpdate frame: ARFrame) {
  ///   guard let placementFrame = try? ARSessionFrame(frame, session: session, viewport: viewport)
  ///   else { return }
  ///   markers = placer.markers(for: placementFrame, observations: observations,
  ///                            visionRequest: request)
  /// }
  /// ```
  ///
  /// The mapping (each a direct conversion; `Camera(_:)` and the other initializers are in
  /// `ARKitConversions.swift`):
  /// - ``timestamp``, ``camera``, ``anchors``, ``appAnchors`` and ``rawFeaturePoints`` are
  ///   converted when the frame is made (matrices keep their columns, `CGSize` and `CGPoint`
  ///   their fields); the `ARFrame` itself is kept only for its display transform, so do not
  ///   keep an `ARSessionFrame` past the frame's processing (ARKit stops delivering frames when
  ///   an app holds on to old ones).
  /// - ``displayTransform(for:viewportSize:)`` is ARKit's
  ///   `frame.displayTransform(for:viewportSize:)`.
  /// - ``raycastQuery(from:allowing:alignment:)`` takes a point normalized across ``viewport``,
  ///   maps it to the image with the inverse of ARKit's display transform and unprojects it with
  ///   the camera's intrinsics and pose (ARSimulation's camera model, which the tests check
  ///   against ARKit's conventions), from the camera centre.
  /// - ``raycast(_:)`` is `session.raycast(_:)` on the equivalent `ARRaycastQuery`, its results
  ///   mapped back (the anchor's identifier as a UUID string).
  public struct ARSessionFrame: PlacementFrame {
    /// The frame.
    public let frame: ARFrame
    /// The session that raycasts (`ARSession.raycast(_:)`).
    public let session: ARSession
    /// The view that shows the camera image, as the app lays it out.
    public let viewport: Viewport
    /// `frame.timestamp`.
    public let timestamp: Double
    /// `frame.camera`, converted (`Camera(_:)`).
    public let camera: Camera
    /// The `ARPlaneAnchor`s of `frame.anchors`, converted.
    public let anchors: [PlaneAnchor]
    /// The other anchors of `frame.anchors` whose class is `ARAnchor` itself (the app's own).
    public let appAnchors: [AppAnchor]
    /// `frame.rawFeaturePoints`, converted.
    public let rawFeaturePoints: FeaturePointCloud?

    /// The frame, the session that produced it and the app's view.
    ///
    /// - Throws: `CameraError` when ARKit's camera pose is not rigid or its image resolution is
    ///   not positive (a frame to skip).
    public init(_ frame: ARFrame, session: ARSession, viewport: Viewport) throws {
      self.frame = frame
      self.session = session
      self.viewport = viewport
      timestamp = frame.timestamp
      camera = try Camera(frame.camera)
      anchors = frame.anchors.compactMap { anchor in
        (anchor as? ARPlaneAnchor).flatMap { PlaneAnchor($0) }
      }
      appAnchors = frame.anchors.compactMap { anchor in
        type(of: anchor) == ARAnchor.self ? AppAnchor(anchor) : nil
      }
      rawFeaturePoints = frame.rawFeaturePoints.flatMap { FeaturePointCloud($0) }
    }

    /// ARKit's display transform (`frame.displayTransform(for:viewportSize:)`), or `nil` when
    /// the size is not positive and finite.
    public func displayTransform(for orientation: InterfaceOrientation, viewportSize: Size)
      -> AffineTransform2D?
    {
      guard viewportSize.isPositiveAndFinite,
        let uiOrientation = UIInterfaceOrientation(rawValue: orientation.uiKitRawValue)
      else { return nil }
      return AffineTransform2D(
        frame.displayTransform(for: uiOrientation, viewportSize: CGSize(viewportSize)))
    }

    /// The query through a point normalized across ``viewport`` (see the type's summary).
    public func raycastQuery(
      from viewportNormalized: Point, allowing target: RaycastQuery.Target,
      alignment: RaycastQuery.TargetAlignment
    ) -> RaycastQuery? {
      guard
        let display = displayTransform(
          for: viewport.interfaceOrientation, viewportSize: viewport.size),
        let inverse = display.inverted()
      else { return nil }
      guard let ray = camera.ray(throughImageNormalized: viewportNormalized.applying(inverse))
      else { return nil }
      return RaycastQuery(ray: ray, allowing: target, alignment: alignment)
    }

    /// `session.raycast(_:)`, nearest first as ARKit returns them.
    public func raycast(_ query: RaycastQuery) -> [RaycastResult] {
      session.raycast(ARRaycastQuery(query)).map { RaycastResult($0, query: query) }
    }
  }
#endif
