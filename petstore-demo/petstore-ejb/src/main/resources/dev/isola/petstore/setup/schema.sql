-- The Pet Store schema, in SQL that Apache Derby accepts. Run once, in one transaction, by the
-- DatabaseSetupBean when the CATEGORY table is absent from the default data source's schema.

CREATE TABLE category (
    catid        VARCHAR(10)  NOT NULL PRIMARY KEY,
    position     SMALLINT     NOT NULL,
    name         VARCHAR(40)  NOT NULL,
    description  VARCHAR(255) NOT NULL,
    image        VARCHAR(80)  NOT NULL
);

CREATE TABLE product (
    productid    VARCHAR(12)  NOT NULL PRIMARY KEY,
    catid        VARCHAR(10)  NOT NULL REFERENCES category (catid),
    name         VARCHAR(80)  NOT NULL,
    description  VARCHAR(500) NOT NULL,
    image        VARCHAR(80)  NOT NULL
);

CREATE TABLE item (
    itemid       VARCHAR(12)   NOT NULL PRIMARY KEY,
    productid    VARCHAR(12)   NOT NULL REFERENCES product (productid),
    name         VARCHAR(80)   NOT NULL,
    description  VARCHAR(500)  NOT NULL,
    image        VARCHAR(80)   NOT NULL,
    listprice    DECIMAL(10,2) NOT NULL CONSTRAINT item_price_positive CHECK (listprice > 0),
    attr1        VARCHAR(40),
    attr2        VARCHAR(40),
    attr3        VARCHAR(40),
    stock        INTEGER       NOT NULL CONSTRAINT item_stock_not_negative CHECK (stock >= 0)
);

CREATE TABLE account (
    userid              VARCHAR(20)  NOT NULL PRIMARY KEY,
    email               VARCHAR(100) NOT NULL,
    firstname           VARCHAR(40)  NOT NULL,
    lastname            VARCHAR(40)  NOT NULL,
    phone               VARCHAR(20)  NOT NULL,
    password_hash       VARCHAR(200) NOT NULL,
    favourite_category  VARCHAR(10)  REFERENCES category (catid),
    language            VARCHAR(5)   NOT NULL,
    show_favourites     BOOLEAN      NOT NULL,
    created             TIMESTAMP    NOT NULL
);

CREATE TABLE address (
    userid     VARCHAR(20) NOT NULL REFERENCES account (userid),
    kind       VARCHAR(8)  NOT NULL CONSTRAINT address_kind CHECK (kind IN ('BILLING', 'SHIPPING')),
    firstname  VARCHAR(40) NOT NULL,
    lastname   VARCHAR(40) NOT NULL,
    street1    VARCHAR(80) NOT NULL,
    street2    VARCHAR(80) NOT NULL,
    city       VARCHAR(40) NOT NULL,
    state      VARCHAR(40) NOT NULL,
    zip        VARCHAR(10) NOT NULL,
    country    VARCHAR(40) NOT NULL,
    PRIMARY KEY (userid, kind)
);

CREATE TABLE orders (
    orderid        BIGINT        NOT NULL GENERATED ALWAYS AS IDENTITY (START WITH 1001) PRIMARY KEY,
    userid         VARCHAR(20)   NOT NULL REFERENCES account (userid),
    placed         TIMESTAMP     NOT NULL,
    status         VARCHAR(10)   NOT NULL CONSTRAINT order_status CHECK (status IN ('PLACED', 'APPROVED', 'PENDING')),
    total          DECIMAL(12,2) NOT NULL,
    bill_firstname VARCHAR(40)   NOT NULL,
    bill_lastname  VARCHAR(40)   NOT NULL,
    bill_street1   VARCHAR(80)   NOT NULL,
    bill_street2   VARCHAR(80)   NOT NULL,
    bill_city      VARCHAR(40)   NOT NULL,
    bill_state     VARCHAR(40)   NOT NULL,
    bill_zip       VARCHAR(10)   NOT NULL,
    bill_country   VARCHAR(40)   NOT NULL,
    ship_firstname VARCHAR(40)   NOT NULL,
    ship_lastname  VARCHAR(40)   NOT NULL,
    ship_street1   VARCHAR(80)   NOT NULL,
    ship_street2   VARCHAR(80)   NOT NULL,
    ship_city      VARCHAR(40)   NOT NULL,
    ship_state     VARCHAR(40)   NOT NULL,
    ship_zip       VARCHAR(10)   NOT NULL,
    ship_country   VARCHAR(40)   NOT NULL,
    card_type      VARCHAR(20)   NOT NULL,
    card_last4     CHAR(4)       NOT NULL,
    card_expiry    CHAR(5)       NOT NULL
);

CREATE TABLE lineitem (
    orderid    BIGINT        NOT NULL REFERENCES orders (orderid),
    linenum    INTEGER       NOT NULL,
    itemid     VARCHAR(12)   NOT NULL REFERENCES item (itemid),
    quantity   INTEGER       NOT NULL CONSTRAINT lineitem_quantity CHECK (quantity BETWEEN 1 AND 99),
    unitprice  DECIMAL(10,2) NOT NULL,
    PRIMARY KEY (orderid, linenum)
);

CREATE TABLE order_event (
    id       BIGINT       NOT NULL GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    orderid  BIGINT       NOT NULL REFERENCES orders (orderid),
    happened TIMESTAMP    NOT NULL,
    status   VARCHAR(10)  NOT NULL,
    note     VARCHAR(200) NOT NULL
);

-- Messages to customers. The order processor writes them in the transaction that changes the
-- order's status; a mail relay would send the rows whose "sent" is null and stamp them.
CREATE TABLE outbox (
    id         BIGINT        NOT NULL GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    orderid    BIGINT        NOT NULL REFERENCES orders (orderid),
    recipient  VARCHAR(100)  NOT NULL,
    subject    VARCHAR(200)  NOT NULL,
    body       VARCHAR(2000) NOT NULL,
    created    TIMESTAMP     NOT NULL,
    sent       TIMESTAMP
);

CREATE INDEX orders_by_user ON orders (userid, orderid);
