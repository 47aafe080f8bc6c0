package dev.isola.petstore.e2e;

import java.util.List;

/** The Pet Store scenarios on a combined domain: web, EJB and JMS sub-servers in one isolate. */
class CombinedDomainPetStoreIT extends PetStoreScenarios {

    CombinedDomainPetStoreIT() {
        super(PetStoreDomains.COMBINED);
    }

    @Override
    List<String> expectedIsolates() {
        return List.of(PetStoreDomains.COMBINED);
    }
}
