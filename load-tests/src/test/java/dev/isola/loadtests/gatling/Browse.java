package dev.isola.loadtests.gatling;

import io.gatling.javaapi.core.Simulation;

import java.net.URI;

import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * Anonymous catalog browsing and search ({@link PetStoreJourneys#browse}) by
 * {@code loadtest.users} concurrent users against one Pet Store; see {@link LoadProfile} for the
 * properties. The run fails when any request failed.
 */
public final class Browse extends Simulation {

    private final LoadProfile profile = LoadProfile.fromSystemProperties();
    private final URI baseUrl = profile.singleBaseUrl("Browse");

    public Browse() {
        setUp(scenario("Browse").exec(PetStoreJourneys.browse(profile))
                .injectClosed(PetStoreJourneys.injection(profile, profile.users()))
                .protocols(PetStoreJourneys.protocol(baseUrl)))
                .assertions(global().failedRequests().count().is(0L));
    }

    @Override
    public void before() {
        System.out.println("Browse: " + profile);
    }
}
