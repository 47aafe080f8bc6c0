package dev.isola.petstore.e2e;

import java.util.List;

/**
 * The Pet Store scenarios on a separated domain: the web isolate calls the session beans (the
 * stateful cart too) in the EJB isolate over links, and the order bean and the message-driven
 * bean reach the JMS isolate over links.
 */
class SeparatedDomainPetStoreIT extends PetStoreScenarios {

    SeparatedDomainPetStoreIT() {
        super(PetStoreDomains.SEPARATED);
    }

    @Override
    List<String> expectedIsolates() {
        String d = PetStoreDomains.SEPARATED;
        return List.of(d + "-ejb", d + "-jms", d + "-web");
    }
}
