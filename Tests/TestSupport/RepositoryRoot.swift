import Foundation

/// The repository's root folder (where Package.swift is), for tests that read its files by path: `contracts/`,
/// `recordings/`, a test target's `Fixtures/`.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
