-- A business quote's company ("Borettslaget Solsiden"): the quote is addressed to it,
-- with the person in `customer_name` as its contact. Null for a private customer.
ALTER TABLE quotes ADD COLUMN customer_company TEXT;
