<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="Checkout">
  <h1>Checkout</h1>
  <ol class="steps"><li class="current">Billing and shipping</li><li>Review</li><li>Confirmation</li></ol>
  <c:if test="${not empty errors}"><p class="notice error-summary" role="alert">Please correct the ${fn:length(errors)} highlighted ${fn:length(errors) == 1 ? 'field' : 'fields'}.</p></c:if>
  <form action="${ctx}/checkout" method="post" novalidate>
    <input type="hidden" name="action" value="review">
    <t:address prefix="billing" legend="Billing address" address="${form.billing}" section="billing"/>
    <div class="check">
      <input type="checkbox" id="shipToBilling" name="shipToBilling" value="on"${form.shipToBilling ? ' checked' : ''}>
      <label for="shipToBilling">Ship to the billing address</label>
    </div>
    <t:address prefix="shipping" legend="Shipping address (if different)" address="${form.shipping}" section="shipping"/>
    <fieldset>
      <legend>Payment card</legend>
      <div class="field${empty errors['card.type'] ? '' : ' invalid'}">
        <label for="card-type">Card type</label>
        <select id="card-type" name="card.type">
          <option value="">Choose…</option>
          <c:forEach var="type" items="${cardTypes}">
            <option${type == form.card.type ? ' selected' : ''}><c:out value="${type}"/></option>
          </c:forEach>
        </select>
        <c:if test="${not empty errors['card.type']}"><p class="error"><c:out value="${errors['card.type']}"/></p></c:if>
      </div>
      <div class="row">
        <t:input name="card.number" label="Card number" value="${form.card.number}" autocomplete="cc-number" inputmode="numeric" hint="This is a demo: try 4111 1111 1111 1111."/>
        <t:input name="card.expiry" label="Expiry (MM/YY)" value="${form.card.expiry}" autocomplete="cc-exp"/>
      </div>
    </fieldset>
    <div class="actions">
      <button type="submit">Review order</button>
      <a href="${ctx}/cart">Back to cart</a>
    </div>
  </form>
</t:page>
