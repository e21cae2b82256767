enum Kind { city, town }
