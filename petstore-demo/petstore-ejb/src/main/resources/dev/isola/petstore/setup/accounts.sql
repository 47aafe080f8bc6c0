-- A demo customer, so a newcomer can sign on and check out at once: user id "demo", password
-- "pets4ever" (stored only as its salted PBKDF2 hash, like every other password).

INSERT INTO account (userid, email, firstname, lastname, phone, password_hash,
                     favourite_category, language, show_favourites, created) VALUES
    ('demo', 'demo@petstore.example', 'Dana', 'Demo', '+1 555 0100',
     'pbkdf2-sha256$100000$WceVGu0EYFyU1isJGR2sOw$Ktkpgu7ZP11h+4dZOo2VOaGnprzaL51TaT9f+PpS9ik',
     'CATS', 'en', TRUE, CURRENT_TIMESTAMP);

INSERT INTO address (userid, kind, firstname, lastname, street1, street2, city, state, zip, country) VALUES
    ('demo', 'BILLING', 'Dana', 'Demo', '1 Aquarium Way', '', 'Palo Alto', 'CA', '94301', 'USA'),
    ('demo', 'SHIPPING', 'Dana', 'Demo', '1 Aquarium Way', '', 'Palo Alto', 'CA', '94301', 'USA');
