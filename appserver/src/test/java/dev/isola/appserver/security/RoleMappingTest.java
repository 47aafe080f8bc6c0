package dev.isola.appserver.security;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RoleMappingTest {

    private static final RoleMapping SHOP = new RoleMapping(Map.of(
            "customers", new RoleMapping.Grantees(Set.of(), Set.of("buyers", "members")),
            "staff", new RoleMapping.Grantees(Set.of("carol"), Set.of("employees"))));

    @Test
    void withoutAMappingEveryGroupIsTheRoleOfItsName() {
        Caller ann = new Caller("ann", Set.of("customers"));
        assertTrue(RoleMapping.GROUPS_ARE_ROLES.grants(ann, "customers"));
        assertFalse(RoleMapping.GROUPS_ARE_ROLES.grants(ann, "staff"));
        assertFalse(RoleMapping.GROUPS_ARE_ROLES.grants(null, "customers"), "the anonymous caller is in no role");
        assertEquals(Set.of("customers"), RoleMapping.GROUPS_ARE_ROLES.rolesOf(ann));
    }

    @Test
    void aMappedRoleIsHeldByItsUsersAndTheMembersOfItsGroupsOnly() {
        assertTrue(SHOP.grants(new Caller("ann", Set.of("members")), "customers"));
        assertTrue(SHOP.grants(new Caller("carol", Set.of()), "staff"), "a user named in the mapping");
        assertFalse(SHOP.grants(new Caller("dan", Set.of("customers")), "customers"), "the group of the role's name is not mapped to it");
        assertFalse(SHOP.grants(new Caller("carol", Set.of()), "customers"));
    }

    @Test
    void aRoleTheMappingDoesNotNameIsStillHeldByTheGroupOfItsName() {
        Caller erin = new Caller("erin", Set.of("auditors", "buyers"));
        assertTrue(SHOP.grants(erin, "auditors"));
        assertEquals(Set.of("auditors", "buyers", "customers"), SHOP.rolesOf(erin),
                "buyers is mapped to customers, and is the role of its own name too, which the mapping does not name");
        assertEquals(Set.of("staff"), SHOP.rolesOf(new Caller("carol", Set.of("staff"))), "the group staff holds nothing: staff is mapped");
    }

    @Test
    void aRunAsRoleIsHeldWhateverTheMappingSays() {
        Caller auditor = Caller.runAs("ann", "staff");
        assertTrue(SHOP.grants(auditor, "staff"));
        assertFalse(SHOP.grants(auditor, "customers"));
        assertEquals(Set.of("staff"), SHOP.rolesOf(auditor));
    }

    @Test
    void aModulesMappingWinsForTheRolesItMapsAndKeepsTheApplicationsOthers() {
        RoleMapping module = new RoleMapping(Map.of("staff", new RoleMapping.Grantees(Set.of(), Set.of("night-shift"))));
        RoleMapping merged = SHOP.overriddenBy(module);
        assertTrue(merged.grants(new Caller("x", Set.of("night-shift")), "staff"));
        assertFalse(merged.grants(new Caller("carol", Set.of()), "staff"), "the application's staff mapping is replaced, not added to");
        assertTrue(merged.grants(new Caller("y", Set.of("buyers")), "customers"));
        assertEquals(SHOP, SHOP.overriddenBy(RoleMapping.GROUPS_ARE_ROLES));
    }
}
