package dev.isola.loadtests.gatling;

import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.group;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * The users of {@link Browse} and of {@link Shopper} together, spread evenly across the K Pet
 * Stores of {@code loadtest.baseUrls} (one per domain): each Pet Store gets about
 * {@code users / K} browsers and as many shoppers. Every request is in a group named after its
 * Pet Store, so the report shows each domain's share as well as the total. The run fails when
 * any request failed.
 */
public final class MultiDomain extends Simulation {

    private final LoadProfile profile = LoadProfile.fromSystemProperties();
    private final Map<URI, OrderTally> tallies = new LinkedHashMap<>();

    public MultiDomain() {
        List<URI> stores = profile.baseUrls();
        List<Integer> usersPerStore = profile.usersPerStore();
        List<PopulationBuilder> populations = new ArrayList<>();
        for (int i = 0; i < stores.size(); i++) {
            URI store = stores.get(i);
            String name = store.getAuthority() + store.getPath();
            int users = usersPerStore.get(i);
            OrderTally tally = new OrderTally();
            tallies.put(store, tally);
            populations.add(scenario("Browse " + name).exec(group(name).on(PetStoreJourneys.browse(profile)))
                    .injectClosed(PetStoreJourneys.injection(profile, users))
                    .protocols(PetStoreJourneys.protocol(store)));
            populations.add(scenario("Shopper " + name).exec(group(name).on(PetStoreJourneys.shop(profile, new Customers(0.5), tally)))
                    .injectClosed(PetStoreJourneys.injection(profile, users))
                    .protocols(PetStoreJourneys.protocol(store)));
        }
        setUp(populations).assertions(global().failedRequests().count().is(0L));
    }

    @Override
    public void before() {
        System.out.println("MultiDomain: " + profile);
    }

    @Override
    public void after() {
        tallies.forEach((store, tally) -> System.out.println(tally.summary(store.toString())));
    }
}
