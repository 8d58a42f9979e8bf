import Placement

/// A simulated frame is what placement code reads of an `ARFrame`: its timestamp, camera,
/// plane and app anchors, feature points, display transform, raycast queries and raycasts
/// against its recorded world (with ``SimulatedFrame/raycastOptions``). A placer written against
/// ``PlacementFrame`` runs on it in tests and on `ARSessionFrame` on the device.
extension SimulatedFrame: PlacementFrame {}
