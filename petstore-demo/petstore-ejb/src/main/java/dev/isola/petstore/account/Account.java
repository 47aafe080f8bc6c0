package dev.isola.petstore.account;

import java.io.Serializable;

/** A registered customer as the pages show it; the password hash never leaves the repository. */
public record Account(String userId, String email, String firstName, String lastName, String phone,
                      Address billing, Address shipping, Profile profile) implements Serializable {
}
