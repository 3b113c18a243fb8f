import APICheckReplayTesting
import APICheckServeTesting
import APICheckTesting
import DeploymentConsumer
import Foundation
import Sandbox
import Testing

/// The test products, compiled and linked at the consumer's deployment targets.
@Suite struct ConsumerTests {
    @Test func productsLink() {
        #expect(Consumer.clients.count == 4)
        #expect(String(describing: ContractExample.self) == "ContractExample")
        #expect(String(describing: ReplayingTrait.self) == "ReplayingTrait")
        #expect(String(describing: SandboxServer.self) == "SandboxServer")
        #expect(String(describing: AppServer.self) == "AppServer")
        #expect(Consumer.dates.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000000Z")
    }
}
