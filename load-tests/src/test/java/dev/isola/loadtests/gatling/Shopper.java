package dev.isola.loadtests.gatling;

import io.gatling.javaapi.core.Simulation;

import java.net.URI;

import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * Customers who create an account or sign on, fill the cart and check out
 * ({@link PetStoreJourneys#shop}), {@code loadtest.users} at a time against one Pet Store; see
 * {@link LoadProfile} for the properties. Half of the customers return to an account made
 * earlier in the run when one is free. The run fails when any request failed; at the end it
 * prints how many orders were placed ({@link OrderTally}).
 */
public final class Shopper extends Simulation {

    private final LoadProfile profile = LoadProfile.fromSystemProperties();
    private final URI baseUrl = profile.singleBaseUrl("Shopper");
    private final OrderTally tally = new OrderTally();

    public Shopper() {
        setUp(scenario("Shopper").exec(PetStoreJourneys.shop(profile, new Customers(0.5), tally))
                .injectClosed(PetStoreJourneys.injection(profile, profile.users()))
                .protocols(PetStoreJourneys.protocol(baseUrl)))
                .assertions(global().failedRequests().count().is(0L));
    }

    @Override
    public void before() {
        System.out.println("Shopper: " + profile);
    }

    @Override
    public void after() {
        System.out.println(tally.summary(baseUrl.toString()));
    }
}
